import { z } from 'zod';
import { MAX_QUESTION_CHARS } from '../bounds';
import { JobStatus, Plan } from './enums';

/**
 * The extension's reading of the Transcript and Video Analysis Service (docs/reading-the-service.md): plans, prices,
 * error codes, and the *requests* it sends (zod). The local service shares none of this: it keeps its own copy,
 * written from the spec (its request bodies are strict), and test/unit/service-agrees.test.ts (the bodies and the
 * MCP arguments: test/unit/service-agrees/) holds the two equal. Responses are read with the lenient readers of ./read (their types are re-exported below).
 */

// ---------- plans ----------

export { Plan };

export type PlanLimits = {
  /** Human-readable name. */
  name: string;
  rpm: number;
  /** 0: the channels endpoint is unavailable (403 plan_required). */
  channelsPerRequest: number;
  monthlyAiUnits: number;
  monthlyCloudRequests: number;
  deepMode: boolean;
  /**
   * Longest analysable video in minutes, as the extension estimates it before the service says (422
   * maxMinutes). The spec does not publish it: these are the local service's choice, held equal by
   * test/unit/service-agrees.test.ts.
   */
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

/** Deep analysis on this plan; an unknown plan (a marketplace key) is not refused here: the service decides. */
export const allowsDeep = (plan: Plan | null): boolean => plan === null || PLANS[plan].deepMode;

/** AI Units per started minute of video. */
export const AI_UNITS_PER_MINUTE = { standard: 3, deep: 30 } as const;

// ---------- error codes (in codes.ts, which the readers use without a cycle) ----------

export * from './codes';

// ---------- requests ----------

/** The service takes at most 50 ids per transcripts request (spec: Limits). */
export const TRANSCRIPT_IDS_PER_REQUEST = 50;

// Strict, as the service's bodies are: a field the spec does not name would be refused (400 bad_request).
export const TranscriptRequest = z.strictObject({
  ids: z.array(z.string()).min(1).max(TRANSCRIPT_IDS_PER_REQUEST),
  lang: z.string().optional(),
});
export type TranscriptRequest = z.infer<typeof TranscriptRequest>;

/** The spec's published schema says 50, but Team may send 500: the plan limit governs (400 past it). */
export const ChannelRequest = z.strictObject({ ids: z.array(z.string()).min(1).max(500) });
export type ChannelRequest = z.infer<typeof ChannelRequest>;

export const AnalysisMode = z.enum(['quick', 'smart', 'deep', 'auto']);
export type AnalysisMode = z.infer<typeof AnalysisMode>;

export const WatchRequest = z.strictObject({
  id: z.string().min(1),
  mode: AnalysisMode.optional(),
  lang: z.string().optional(),
  partial: z.boolean().optional(),
});
export type WatchRequest = z.infer<typeof WatchRequest>;

export const AskRequest = z.strictObject({ question: z.string().trim().min(1).max(MAX_QUESTION_CHARS) });
export type AskRequest = z.infer<typeof AskRequest>;

/** from/to of the transcript tools: whole seconds, m:ss or h:mm:ss. */
export const Timecode = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^(\d+|\d+:[0-5]\d|\d+:[0-5]\d:[0-5]\d)$/),
]);
export type Timecode = z.infer<typeof Timecode>;

// ---------- words of the spec ----------

export { JobStatus };

export const EvidenceKind = z.enum(['speech', 'visual']);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

// ---------- what the client reads (types of the lenient readers) ----------

export type { AccountInfo } from './read/account';
export type { ChannelFailure, ChannelResponse, ChannelResult, ChannelSuccess, ChannelVideo } from './read/channels';
export type { Job, WatchResponse } from './read/job';
export type { Segment } from './read/segments';
export type { Transcript, TranscriptResult, TranscriptSuccess } from './read/transcript-entry';
export { isTranscriptFailure } from './read/transcript-entry';
export type { TranscriptResponse } from './read/transcripts';
export type { TranscriptFailure } from './read/video-failure';
