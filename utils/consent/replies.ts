import type { AnalysisMode } from '../api/schemas';
import type { BulkStatus } from '../channel/replies';
import type { Estimate, JobReply } from '../panel/replies';
import type { ReplyError } from '../protocol/envelope';
import type { ServiceSearch } from '../video-search/replies';
import type { TimeRange } from '../video-search/time-range';

/**
 * What the extension's confirmation window and the panel are told about a big spend confirmed there
 * (entrypoints/background/consent/window.ts). Everything is text for a person; nothing here can buy.
 */
export type ConsentSubject =
  /** An analysis (from the panel above the guard or of unknown length, or from the context menu). */
  | { kind: 'analysis'; videoId: string; title: string | null; estimate: Estimate }
  /** Transcripts of a channel's selection: the uncached ones are bought. */
  | {
      kind: 'bulk';
      channel: string;
      title: string;
      selected: number;
      cloudRequests: number;
      format: string;
      /** The whole price as a sentence, with the AI Units audio transcription may add. */
      priceText: string;
      /** Of the videos to buy, those an earlier request may already have charged. */
      mayHaveBeenCharged: number;
      sizeNote: string | null;
    }
  /** A search on the service of the unsaved videos of a selection; those searched before are free. */
  | {
      kind: 'search';
      channel: string;
      title: string;
      query: string;
      range: TimeRange;
      videos: { id: string; title: string }[];
      held: number;
      cloudRequests: number;
      calls: number;
      /** Videos one call carries (25, or fewer when the server's schema says so). */
      perCall: number;
    };

export type ConsentPending = {
  subject: ConsentSubject;
  /** The most it can cost, in the subject's unit (AI Units for an analysis, else Cloud Requests). */
  price: number;
  unit: 'AI Units' | 'Cloud Requests';
  balance: number | null;
  /** Why Spend cannot be pressed (a sentence), else null. */
  refusal: string | null;
  /**
   * An analysis in a mode the plan does not include: the modes it does, for the window to offer (choosing one
   * prices it again before Spend). Absent or empty otherwise.
   */
  modes?: AnalysisMode[];
};

/** What Spend started, for the panel to follow as it does for purchases made in the page. */
export type ConsentResult =
  | { kind: 'analysis'; job: JobReply }
  | { kind: 'bulk'; run: BulkStatus }
  | { kind: 'search'; found: ServiceSearch };

export type ConsentStatus =
  | { state: 'waiting' }
  /** Spend was pressed: it is being bought. */
  | { state: 'spending' }
  /** Cancelled in the window, the window closed, or replaced by another purchase of the same kind. */
  | { state: 'cancelled' }
  | { state: 'failed'; error: ReplyError }
  /** Bought; the result is null when the worker that bought it has been restarted since. */
  | { state: 'done'; result: ConsentResult | null };

export type ConsentOpened = { requestId: string; focused: boolean };
/** The window's sentence after Spend or Cancel. */
export type ConsentDecision = { message: string };
