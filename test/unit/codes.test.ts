import { describe, expect, it } from 'vitest';
import { PerVideoErrorCode, RETRYABLE_VIDEO_ERRORS, TERMINAL_VIDEO_ERRORS } from '../../utils/api/schemas';

describe('the extension’s per-video error codes', () => {
  it('are classified as the spec does, video_unplayable in neither list', () => {
    expect(TERMINAL_VIDEO_ERRORS).toEqual([
      'invalid_id',
      'no_transcript',
      'transcripts_disabled',
      'video_unavailable',
      'age_restricted',
    ]);
    expect(RETRYABLE_VIDEO_ERRORS).toEqual([
      'fetch_failed',
      'ip_blocked',
      'request_blocked',
      'service_paused',
      'internal',
    ]);
    expect(PerVideoErrorCode.options).toContain('video_unplayable');
    expect([...TERMINAL_VIDEO_ERRORS, ...RETRYABLE_VIDEO_ERRORS]).not.toContain('video_unplayable');
  });
});
