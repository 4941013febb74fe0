import { z } from 'zod';
import { isVideoId } from '../video-id';
import type { TimeRange } from './time-range';

/**
 * What the channel view's "Search these videos" is told: moments found in saved transcripts (free) or by the
 * service's `search_transcript` (paid), grouped by video. Everything here is text; the view renders it as text.
 */
export const FoundMoment = z.object({
  /** Seconds into the video; null when the service gave no readable time (shown, but not linked). */
  at: z.number().nonnegative().nullable(),
  /** The cue before the quote, the quote (the cue that matched) and the cue after: the quote in its context. */
  before: z.string(),
  quote: z.string(),
  after: z.string(),
});
export type FoundMoment = z.infer<typeof FoundMoment>;

/** Zod, because findings bought from the service are held in storage and read back from there. */
export const VideoFindings = z.object({
  videoId: z.string().refine(isVideoId),
  title: z.string().nullable(),
  source: z.enum(['saved', 'service']),
  moments: z.array(FoundMoment),
  /** Moments found beyond those listed (the list is capped per video). */
  more: z.number().int().nonnegative(),
  /** The words to mark in the quotes: index terms (utils/search/terms.ts). */
  terms: z.array(z.string()),
  /** The saved transcript's language, which its words were cut in (marks cut them the same way); absent: unknown. */
  lang: z.string().optional(),
  /** The video's own failure as a sentence (it cost nothing). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Parts of the service's answer about this video that are not moments, shown as text (never dropped). */
  other: z.array(z.string()),
});
export type VideoFindings = z.infer<typeof VideoFindings>;

/** The free local search over the scope's saved transcripts. */
export type LocalSearch = {
  query: string;
  /** Videos of the scope whose saved transcripts were searched. */
  searched: number;
  /** Videos of the scope without a saved transcript (the ones the service could search). */
  unsaved: string[];
  videos: VideoFindings[];
};

/** The price of searching these videos on the service, with its consent ticket. */
export type SearchQuote = {
  /** null when there is nothing to buy (every video of the selection is saved). */
  quoteId: string | null;
  /** The videos priced (unsaved ones of the selection), in the order they will be sent. */
  ids: string[];
  /** Of those, videos already searched for exactly this query and range: shown again for free. */
  held: number;
  /** The price: 1 per video not held. */
  cloudRequests: number;
  /** MCP calls of at most `perCall` videos each. */
  calls: number;
  /** Videos one call carries: 25 (spec: Limits), or fewer when the server's schema says so. */
  perCall: number;
  /** Why the service cannot be asked this search (its schema has no way to say it); then quoteId is null. */
  refusal: string | null;
  balance: number | null;
  /** Of the videos priced, those an earlier identical search may have charged without its answer arriving. */
  mayHaveBeenCharged: number;
};

/** What a paid search found. */
export type ServiceSearch = {
  query: string;
  range: TimeRange;
  videos: VideoFindings[];
  /** Videos searched by the service in this run (held results of the same search are not counted). */
  searched: number;
  /** Videos shown from an earlier identical search, free. */
  held: number;
  /** Videos that were not searched, and why (out of Cloud Requests, a request-level error). */
  notSearched: { ids: string[]; message: string } | null;
  /** Parts of the answers that belong to no video, shown as text. */
  other: string[];
};

/** The most videos one search_transcript call takes (spec: Limits). */
export const MCP_VIDEOS_PER_CALL = 25;
/** Moments listed per video; the rest are counted. */
export const MOMENTS_PER_VIDEO = 20;
