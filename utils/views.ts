import type { AnalysisMode, Plan, Segment } from './api/schemas';
import type { TrackedStatus } from './jobs-store';

/** What the background tells the UI. Raw service bodies whose shape the spec leaves open (artifact, answer)
 * cross as `unknown` and are normalised where they are shown (utils/api/artifact.ts, answer.ts). */

export type Balances = { cloudRequests: number | null; aiUnits: number | null; at: number | null };

export type TranscriptOk = {
  status: 'ok';
  videoId: string;
  /** The language asked for; `fellBack` when the service answered in another one. */
  requestedLang: string;
  fellBack: boolean;
  fromCache: boolean;
  fetchedAt: number;
  title: string | null;
  author: string | null;
  language: string;
  languageCode: string;
  isGenerated: boolean;
  text: string;
  segments: Segment[];
};

export type TranscriptFailed = {
  status: 'failed';
  videoId: string;
  code: string;
  /** A sentence for a person. */
  message: string;
  /** Retrying can help (spec: retryable class). */
  retryable: boolean;
  /** Failed lookups cost nothing (spec: Billing rules). */
  charged: false;
  /** Captionless video: transcription from audio is possible on a paid plan, at this price per minute. */
  audioOffer: { aiUnitsPerMinute: number; cloudRequests: number; paidPlanNeeded: boolean } | null;
};

export type TranscriptReply = TranscriptOk | TranscriptFailed;

export type PanelContext = {
  hasToken: boolean;
  language: string;
  defaultMode: AnalysisMode;
  spendingGuard: number;
  plan: Plan | null;
  balances: Balances;
};

export type Estimate = {
  mode: AnalysisMode;
  partial: boolean;
  durationSeconds: number | null;
  /** Started minutes that would be charged (all of them, or the allowed ones when partial). */
  minutes: number | null;
  perMinute: number;
  aiUnits: number | null;
  balance: number | null;
  exceedsBalance: boolean;
  exceedsGuard: boolean;
  guard: number;
  /** Known after a 422 for this plan: the longest analysable video in minutes. */
  maxMinutes: number | null;
  tooLong: boolean;
  /** Deep needs Pro or Team; false when the plan is known to be lower. */
  modeAllowed: boolean;
  /** Already analyzed or running: starting again costs nothing. */
  alreadyPaid: boolean;
};

export type JobView = {
  videoId: string;
  jobId: number;
  mode: AnalysisMode;
  partial: boolean;
  status: TrackedStatus;
  startedAt: number;
  lastPolledAt: number | null;
  nextPollAt: number | null;
  endedAt: number | null;
  title: string | null;
  error: { code: string; message: string; retryable: boolean } | null;
};

export type AnalysisState = { job: JobView | null; artifact: unknown };

export type AnswerEntry = { question: string; askedAt: number; answer: unknown };

export type AccountView = {
  plan: Plan | null;
  balances: Balances;
  monthlyCloudRequests: number | null;
  monthlyAiUnits: number | null;
  /** Why the plan is unknown (marketplace key, offline ...), as a sentence. */
  planNote: string | null;
};
