import { describe, expect, it } from 'vitest';
import {
  AccountInfo,
  AskAnswer,
  AskResponse,
  ChannelResponse,
  ErrorBody,
  isTranscriptFailure,
  Job,
  JobBody,
  PerVideoErrorCode,
  RETRYABLE_VIDEO_ERRORS,
  TERMINAL_VIDEO_ERRORS,
  TranscriptResponse,
  TranscriptResult,
  WatchResponse,
} from '../../utils/api/schemas';
import { useService } from './contract/harness';

const s = useService({ jobMs: 3_000 });

describe('shared schemas', () => {
  it('parse what the local service sends', async () => {
    const transcripts = await s.post('/api/transcripts', { ids: ['tvaHuman001', 'tvaPrivate1'] });
    const parsed = TranscriptResponse.parse(transcripts.body);
    expect(parsed.results.map(isTranscriptFailure)).toEqual([false, true]);
    ChannelResponse.parse((await s.post('/api/channels', { ids: ['@tvademo', '@nosuchchannel'] })).body);
    const started = WatchResponse.parse((await s.post('/api/watch', { id: 'tvaHuman001' })).body);
    s.advance(3_000);
    const ready = JobBody.parse((await s.get(`/api/watch/${started.jobId}`)).body);
    expect(ready.artifact?.chapters.length).toBeGreaterThan(0);
    AskAnswer.parse((await s.post(`/api/watch/${started.jobId}/ask`, { question: 'introduction?' })).body);
    ErrorBody.parse((await s.get('/api/watch/1')).body);
  });

  it('are lenient where the client needs it and never throw under safeParse', () => {
    expect(TranscriptResult.safeParse({ id: 'x', error: 'brand_new_code', retryAfter: 3 }).success).toBe(true);
    expect(TranscriptResponse.safeParse({ results: [] }).success).toBe(true);
    expect(TranscriptResponse.safeParse({ results: [], cloudRequestsRemaining: -1 }).success).toBe(false);
    for (const junk of [null, 'x', 42, [], { results: 'no' }]) {
      expect(() => TranscriptResponse.safeParse(junk)).not.toThrow();
      expect(TranscriptResponse.safeParse(junk).success).toBe(false);
    }
    expect(Job.safeParse({ jobId: 1, status: 'ready', artifact: 'plain text', eta: 5 }).success).toBe(true);
    expect(AskResponse.safeParse({ text: 'other shape' }).success).toBe(true);
    expect(AccountInfo.safeParse({ plan: 'pro', cloudRequestsRemaining: 1, aiUnitsRemaining: 2 }).success).toBe(true);
    expect(ErrorBody.safeParse({ error: 'email_unverified' }).success).toBe(true);
  });

  it('classify per-video codes as the spec does, video_unplayable in neither list', () => {
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
