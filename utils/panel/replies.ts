import type { Balances } from '../account/replies';
import type { AnalysisMode, Plan, Transcript } from '../api/schemas';
import type { JobRecord } from '../jobs/store';
import type { VideoNotes } from '../notes/replies';

/**
 * What the background answers the panel: transcripts, the panel's context, prices, analysis jobs and answers
 * (utils/protocol/replies.ts maps each message to its reply). Raw service bodies whose shape the spec leaves open
 * (artifact, answer) cross as `unknown` and are read leniently where they are shown (utils/api/read/artifact.ts,
 * answer.ts).
 */

/** A transcript (its id as `videoId`), where it came from, and what else can be loaded. */
export type TranscriptOk = Omit<Transcript, 'id'> & {
  status: 'ok';
  videoId: string;
  /** The language asked for; `fellBack` when the service answered in another one. */
  requestedLang: string;
  fellBack: boolean;
  fromCache: boolean;
  fetchedAt: number;
  /** A saved track in another language than the one asked for, which has not been asked for yet: it can be loaded. */
  otherTrack?: boolean;
  /** With `otherTrack`: the price of loading the language asked for. */
  quote?: TranscriptQuote;
  /** Set when the delivered transcript could not be stored (it is shown anyway and saving is retried). */
  storageProblem?: string;
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

/** The price of loading a transcript, shown before anything is sent; `quoteId` is the consent ticket. */
export type TranscriptQuote = {
  quoteId: string;
  cloudRequests: number;
  /** Cloud Requests left, when known. */
  balance: number | null;
  /** A captionless video may be transcribed from audio on paid plans, for this many AI Units per minute. */
  audio: { aiUnitsPerMinute: number; paidPlanOnly: boolean } | null;
};

/** Nothing saved for this video yet: load it (1 Cloud Request) on the person's act. */
export type TranscriptNotLoaded = {
  status: 'not_loaded';
  videoId: string;
  quote: TranscriptQuote;
  /** Why an automatic load did not happen (below the floor, tab not in view), as a sentence. */
  note?: string;
};

export type TranscriptReply = TranscriptOk | TranscriptFailed;
export type TranscriptLookup = TranscriptReply | TranscriptNotLoaded;

export type PanelContext = {
  hasToken: boolean;
  language: string;
  defaultMode: AnalysisMode;
  spendingGuard: number;
  plan: Plan | null;
  /** What the plan table says of Deep for this plan (the panel offers it or says which plans have it). */
  deepAllowed: boolean;
  balances: Balances;
  /** The person's "Load transcripts automatically" choice. */
  autoLoad: boolean;
};

/**
 * The panel's first screen in one answer (`panel.open`): the context, the transcript lookup (free) in the
 * settings' language, `lang`, as `transcript.get` would answer it for this tab, and the video's notes as
 * `notes.list` would (the frame's panel takes them from here: components/youtube/frame/useNamedVideo.ts).
 */
export type PanelOpen = { context: PanelContext; lang: string; transcript: TranscriptLookup; notes: VideoNotes };

export type Estimate = {
  mode: AnalysisMode;
  partial: boolean;
  durationSeconds: number | null;
  /** Started minutes that would be charged (all of them, or the allowed ones when partial). */
  minutes: number | null;
  perMinute: number;
  /** The most it can cost (auto: when it chooses Deep). */
  aiUnits: number | null;
  /** Auto where Deep is allowed: the cost when it chooses a standard mode (the bottom of the range). */
  lowAiUnits: number | null;
  /** When the length is unknown: the most it can cost (the longest video the plan analyzes). */
  worstCase: number | null;
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
  /**
   * The cost by the length the page reported, which nothing else confirmed: shown as an estimate only. The
   * price is then the worst case (`aiUnits` null), and the spend is confirmed in the extension's window.
   */
  pageAiUnits?: number;
};

/** An estimate with its consent ticket: starting names the quote the person was shown. */
export type QuotedEstimate = Estimate & { quoteId: string };

export type AskQuote = { quoteId: string; aiUnits: number; balance: number | null };

/** A job as the UI sees it: the stored record without what only the background needs. */
export type JobReply = Omit<JobRecord, 'polls' | 'notify' | 'account'>;

export type AnalysisState = {
  job: JobReply | null;
  artifact: unknown;
  storageProblem?: string;
  /** A start since the job shown (or with none) may have reached the service unanswered (panel/analysis.ts). */
  unsureStart?: true;
};

export type AnswerEntry = { question: string; askedAt: number; answer: unknown; storageProblem?: string };
