import { z } from 'zod';
import { Plan } from './plans';
import { AnalysisMode } from './request-schemas';

/**
 * The local service's response bodies, in the spec's canonical shapes (and the local service's choices where the
 * spec says "not shown", listed in README.md). They type what the service sends and generate /openapi.json.
 * The extension does not parse with these: it reads responses leniently (utils/api/read/), so a shape the
 * client only accepts because the service happens to send it cannot hide here.
 */

/** Analysis job status values (spec: States and transitions). */
export const JobStatus = z.enum(['queued', 'processing', 'ready', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

/** Evidence is spoken or seen (spec: Citation rules). */
export const EvidenceKind = z.enum(['speech', 'visual']);

const count = z.number().int().nonnegative();
const seconds = z.number().nonnegative();

/** Body of every request-level error. email_unverified may carry only `error`. */
export const ErrorBody = z.looseObject({ error: z.string(), message: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Segment = z.object({ text: z.string(), start: seconds, duration: seconds });
export type Segment = z.infer<typeof Segment>;

export const TranscriptSuccess = z.object({
  id: z.string(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  language: z.string(),
  languageCode: z.string(),
  isGenerated: z.boolean(),
  text: z.string(),
  segments: z.array(Segment),
});
export type TranscriptSuccess = z.infer<typeof TranscriptSuccess>;

export const TranscriptFailure = z.object({ id: z.string(), error: z.string(), message: z.string() });
export type TranscriptFailure = z.infer<typeof TranscriptFailure>;

export const TranscriptResult = z.union([TranscriptSuccess, TranscriptFailure]);
export type TranscriptResult = z.infer<typeof TranscriptResult>;

export const TranscriptResponse = z.object({
  results: z.array(TranscriptResult),
  cloudRequestsRemaining: count,
  aiUnitsRemaining: count,
  creditsRemaining: count,
});
export type TranscriptResponse = z.infer<typeof TranscriptResponse>;

export const ChannelVideo = z.looseObject({ id: z.string(), title: z.string(), author: z.string() });

export const ChannelSuccess = z.object({
  id: z.string(),
  channelId: z.string(),
  /** Not in the spec's table: the channel's @handle, whatever form it was asked by. */
  handle: z.string(),
  title: z.string(),
  videoCount: count,
  truncated: z.boolean(),
  videos: z.array(ChannelVideo),
});

export const ChannelFailure = z.object({ id: z.string(), error: z.string(), message: z.string() });

export const ChannelResult = z.union([ChannelSuccess, ChannelFailure]);
export type ChannelResult = z.infer<typeof ChannelResult>;

export const ChannelResponse = z.object({
  results: z.array(ChannelResult),
  cloudRequestsRemaining: count,
  aiUnitsRemaining: count,
});

/** The local service's artifact (the spec does not show one). Times are seconds. */
export const Artifact = z.object({
  summary: z.string(),
  chapters: z.array(z.object({ title: z.string(), start: seconds, end: seconds })),
  keyPoints: z.array(z.object({ text: z.string(), time: seconds })),
  evidence: z.array(z.object({ kind: EvidenceKind, time: seconds, text: z.string() })),
});
export type Artifact = z.infer<typeof Artifact>;

/** The job as the local service sends it. The artifact is `unknown` because it may be overridden (control API). */
export const JobBody = z.object({
  jobId: z.number().int(),
  status: JobStatus,
  videoId: z.string(),
  mode: AnalysisMode,
  durationSeconds: seconds,
  analyzedSeconds: seconds,
  partial: z.boolean(),
  createdAt: z.string(),
  artifact: z.unknown().optional(),
  error: z.string().optional(),
  errorCode: z.string().optional(),
  retryable: z.boolean().optional(),
});
export type JobBody = z.infer<typeof JobBody>;

/** POST /api/watch answer: the job plus balances after the call. */
export const WatchBody = JobBody.extend({ aiUnitsRemaining: count, cloudRequestsRemaining: count });

/** 422 body of a too-long video. */
export const VideoTooLongBody = ErrorBody.extend({ maxMinutes: count });

export const Citation = z.object({ kind: EvidenceKind, time: seconds, quote: z.string() });
export type Citation = z.infer<typeof Citation>;

/** The local service's ask answer (the spec does not show field names). */
export const AskAnswer = z.object({
  jobId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  citations: z.array(Citation),
  insufficientEvidence: z.boolean(),
  aiUnitsRemaining: count,
});
export type AskAnswer = z.infer<typeof AskAnswer>;

/** Output of the MCP `account` tool as the local service sends it. */
export const AccountBody = z.object({
  plan: Plan,
  cloudRequestsRemaining: count,
  aiUnitsRemaining: count,
  monthlyCloudRequests: count,
  monthlyAiUnits: count,
  aiTopUp: count,
});

export function isTranscriptFailure(result: TranscriptResult): result is TranscriptFailure {
  return 'error' in result;
}
