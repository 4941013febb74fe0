import { z } from 'zod';

/**
 * The wire contract of the Transcript and Video Analysis Service (shared/service-spec.md), used by the
 * extension to parse responses and by the local service (test/service) to validate requests and to generate
 * /openapi.json. Response schemas are loose: unknown extra fields pass through, and balances are optional so
 * an older server that omits one does not break the client. Where the spec says "not shown", the canonical
 * shapes below are the local service's choice (see test/service/README.md); clients parse those leniently.
 */

const count = z.number().int().nonnegative();
const seconds = z.number().nonnegative();

// ---------- plans ----------

export const Plan = z.enum(['free', 'starter', 'pro', 'team']);
export type Plan = z.infer<typeof Plan>;

export type PlanLimits = {
  /** Human-readable name. */
  name: string;
  rpm: number;
  /** 0: the channels endpoint is unavailable (403 plan_required). */
  channelsPerRequest: number;
  monthlyAiUnits: number;
  monthlyCloudRequests: number;
  deepMode: boolean;
  /** Longest analysable video in minutes (the spec does not publish it; the local service's choice). */
  maxAnalysisMinutes: number;
};

export const PLANS: Readonly<Record<Plan, PlanLimits>> = {
  free: {
    name: 'Free',
    rpm: 60,
    channelsPerRequest: 0,
    monthlyAiUnits: 200,
    monthlyCloudRequests: 25,
    deepMode: false,
    maxAnalysisMinutes: 30,
  },
  starter: {
    name: 'Starter',
    rpm: 200,
    channelsPerRequest: 10,
    monthlyAiUnits: 3000,
    monthlyCloudRequests: 1000,
    deepMode: false,
    maxAnalysisMinutes: 120,
  },
  pro: {
    name: 'Pro',
    rpm: 500,
    channelsPerRequest: 100,
    monthlyAiUnits: 10000,
    monthlyCloudRequests: 3500,
    deepMode: true,
    maxAnalysisMinutes: 240,
  },
  team: {
    name: 'Team',
    rpm: 1000,
    channelsPerRequest: 500,
    monthlyAiUnits: 30000,
    monthlyCloudRequests: 10000,
    deepMode: true,
    maxAnalysisMinutes: 480,
  },
};

/** AI Units per started minute of video. */
export const AI_UNITS_PER_MINUTE = { standard: 3, deep: 30 } as const;

// ---------- error codes ----------

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

/** Body of every request-level error. email_unverified may carry only `error`. */
export const ErrorBody = z.looseObject({ error: z.string(), message: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------- transcripts ----------

export const TranscriptRequest = z.object({
  ids: z.array(z.string()).min(1).max(50),
  lang: z.string().optional(),
});
export type TranscriptRequest = z.infer<typeof TranscriptRequest>;

export const Segment = z.looseObject({ text: z.string(), start: seconds, duration: seconds });
export type Segment = z.infer<typeof Segment>;

export const TranscriptSuccess = z.looseObject({
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

/** An unknown code still parses: `error` is any string (see PerVideoErrorCode for the known ones). */
export const TranscriptFailure = z.looseObject({ id: z.string(), error: z.string(), message: z.string().optional() });
export type TranscriptFailure = z.infer<typeof TranscriptFailure>;

export const TranscriptResult = z.union([TranscriptSuccess, TranscriptFailure]);
export type TranscriptResult = z.infer<typeof TranscriptResult>;

export function isTranscriptFailure(result: TranscriptResult): result is TranscriptFailure {
  return typeof (result as { error?: unknown }).error === 'string';
}

export const TranscriptResponse = z.looseObject({
  results: z.array(TranscriptResult),
  cloudRequestsRemaining: count.optional(),
  aiUnitsRemaining: count.optional(),
  creditsRemaining: count.optional(),
});
export type TranscriptResponse = z.infer<typeof TranscriptResponse>;

// ---------- channels ----------

/** The spec's published schema says 50, but Team may send 500: the plan limit governs (400 past it). */
export const ChannelRequest = z.object({ ids: z.array(z.string()).min(1).max(500) });
export type ChannelRequest = z.infer<typeof ChannelRequest>;

export const ChannelVideo = z.looseObject({ id: z.string(), title: z.string(), author: z.string() });
export type ChannelVideo = z.infer<typeof ChannelVideo>;

export const ChannelSuccess = z.looseObject({
  id: z.string(),
  channelId: z.string(),
  title: z.string(),
  videoCount: count,
  truncated: z.boolean(),
  videos: z.array(ChannelVideo),
});
export type ChannelSuccess = z.infer<typeof ChannelSuccess>;

export const ChannelFailure = z.looseObject({ id: z.string(), error: z.string(), message: z.string().optional() });
export type ChannelFailure = z.infer<typeof ChannelFailure>;

export const ChannelResult = z.union([ChannelSuccess, ChannelFailure]);
export type ChannelResult = z.infer<typeof ChannelResult>;

export const ChannelResponse = z.looseObject({
  results: z.array(ChannelResult),
  cloudRequestsRemaining: count.optional(),
  aiUnitsRemaining: count.optional(),
});
export type ChannelResponse = z.infer<typeof ChannelResponse>;

// ---------- analysis ----------

export const AnalysisMode = z.enum(['quick', 'smart', 'deep', 'auto']);
export type AnalysisMode = z.infer<typeof AnalysisMode>;

export const WatchRequest = z.object({
  id: z.string().min(1),
  mode: AnalysisMode.optional(),
  lang: z.string().optional(),
  partial: z.boolean().optional(),
});
export type WatchRequest = z.infer<typeof WatchRequest>;

export const JobStatus = z.enum(['queued', 'processing', 'ready', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

/** The job as the spec shows it; everything else passes through (the artifact is parsed by the caller). */
export const Job = z.looseObject({
  jobId: z.number(),
  status: JobStatus,
  artifact: z.unknown().optional(),
  error: z.string().optional(),
  errorCode: z.string().optional(),
  retryable: z.boolean().optional(),
});
export type Job = z.infer<typeof Job>;

export const EvidenceKind = z.enum(['speech', 'visual']);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

/** The local service's artifact (the spec does not show one). Times are seconds. */
export const Artifact = z.looseObject({
  summary: z.string(),
  chapters: z.array(z.object({ title: z.string(), start: seconds, end: seconds })),
  keyPoints: z.array(z.object({ text: z.string(), time: seconds })),
  evidence: z.array(z.object({ kind: EvidenceKind, time: seconds, text: z.string() })),
});
export type Artifact = z.infer<typeof Artifact>;

/** The local service's job body (canonical shape; the client parses with the looser `Job`). */
export const JobBody = Job.extend({
  videoId: z.string(),
  mode: AnalysisMode,
  durationSeconds: seconds,
  analyzedSeconds: seconds,
  partial: z.boolean(),
  createdAt: z.string(),
  artifact: Artifact.optional(),
});
export type JobBody = z.infer<typeof JobBody>;

/** POST /api/watch answer: the job plus balances after the call. */
export const WatchResponse = Job.extend({
  aiUnitsRemaining: count.optional(),
  cloudRequestsRemaining: count.optional(),
});
export type WatchResponse = z.infer<typeof WatchResponse>;

/** 422 body of a too-long video. */
export const VideoTooLongBody = ErrorBody.extend({ maxMinutes: count });
export type VideoTooLongBody = z.infer<typeof VideoTooLongBody>;

export const AskRequest = z.object({ question: z.string().trim().min(1).max(2000) });
export type AskRequest = z.infer<typeof AskRequest>;

export const Citation = z.looseObject({ kind: EvidenceKind, time: seconds, quote: z.string() });
export type Citation = z.infer<typeof Citation>;

/** The local service's ask answer (canonical; the spec does not show field names). */
export const AskAnswer = z.looseObject({
  jobId: z.number(),
  question: z.string(),
  answer: z.string(),
  citations: z.array(Citation),
  insufficientEvidence: z.boolean(),
  aiUnitsRemaining: count.optional(),
});
export type AskAnswer = z.infer<typeof AskAnswer>;

/**
 * Client parse of an ask answer. The spec does not show its fields, and the question is paid for before
 * the body arrives, so any JSON body is kept as is and read by the lenient normaliser (utils/api/answer.ts):
 * nothing paid for is thrown away.
 */
export const AskResponse = z.unknown();
export type AskResponse = z.infer<typeof AskResponse>;

// ---------- MCP ----------

/** from/to of the transcript tools: whole seconds, m:ss or h:mm:ss. */
export const Timecode = z.union([count, z.string().regex(/^(\d+|\d+:[0-5]\d|\d+:[0-5]\d:[0-5]\d)$/)]);
export type Timecode = z.infer<typeof Timecode>;

/** Output of the MCP `account` tool. */
export const AccountInfo = z.looseObject({
  plan: Plan,
  cloudRequestsRemaining: count,
  aiUnitsRemaining: count,
  monthlyCloudRequests: count.optional(),
  monthlyAiUnits: count.optional(),
  aiTopUp: count.optional(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;
