import { z } from 'zod';

/** The spec's error codes (spec: Errors). */

export const TERMINAL_VIDEO_ERRORS = [
  'invalid_id',
  'no_transcript',
  'transcripts_disabled',
  'video_unavailable',
  'age_restricted',
] as const;
export const RETRYABLE_VIDEO_ERRORS = [
  'fetch_failed',
  'ip_blocked',
  'request_blocked',
  'service_paused',
  'internal',
] as const;
/** The spec leaves video_unplayable unclassified: it is in neither list above. */
export const PerVideoErrorCode = z.enum([...TERMINAL_VIDEO_ERRORS, ...RETRYABLE_VIDEO_ERRORS, 'video_unplayable']);
export type PerVideoErrorCode = z.infer<typeof PerVideoErrorCode>;

export const ChannelErrorCode = z.enum(['invalid_id', 'channel_not_found', 'internal']);
export type ChannelErrorCode = z.infer<typeof ChannelErrorCode>;

/** Request-level codes. not_found, video_too_long, service_unavailable and job_not_ready are the local service's
 * choice where the spec gives no code (404, 422, 503, ask before ready). */
export const RequestErrorCode = z.enum([
  'bad_request',
  'unauthorized',
  'insufficient_cloud_requests',
  'insufficient_ai_units',
  'insufficient_credits',
  'plan_required',
  'email_unverified',
  'unsupported_transport',
  'rate_limited',
  'not_found',
  'video_too_long',
  'service_unavailable',
  'job_not_ready',
]);
export type RequestErrorCode = z.infer<typeof RequestErrorCode>;
