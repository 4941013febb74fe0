import type { BulkOutput } from '../bulk/outputs';

/** What the panel's channel view is told (the background's answers to channel.get / channel.list). */
export type ChannelQuote = { quoteId: string; cloudRequests: number; balance: number | null };

export type UploadRow = {
  id: string;
  title: string;
  /** YYYY-MM-DD when the listing gave an upload date (not in the spec; the local service sends it). */
  published: string | null;
  /** Who the listing says uploaded it (spec: each video has an author); null or absent when not given. */
  author?: string | null;
  /** A transcript of it is saved (free to show). */
  saved: boolean;
  /** An analysis of it is ready on this account. */
  analyzed: boolean;
};

export type ChannelListing = {
  channel: string;
  channelId: string;
  title: string;
  videoCount: number;
  truncated: boolean;
  /** When the listing was bought (ms since epoch). */
  listedAt: number;
  /** Newest first, as the service lists them. */
  uploads: UploadRow[];
};

export type ChannelLookup =
  /** Free plan: the endpoint needs Starter or higher; nothing is offered that would be refused. */
  | { status: 'gated'; message: string }
  /** The price of listing (or refreshing), with its consent ticket; the listing held, if any. */
  | {
      status: 'quoted';
      quote: ChannelQuote;
      listing: ChannelListing | null;
      /** An earlier listing that may have been charged without arriving, said before the price. */
      note?: string;
    }
  /** The service reported a per-channel failure (free); the price to try again. */
  | { status: 'failed'; code: string; message: string; quote: ChannelQuote };

/** The most uploads the service lists per channel (spec: Limits). */
export const MAX_LISTED = 500;

/** The price of a bulk run: saved transcripts are never bought again. */
export type BulkQuote = {
  quoteId: string;
  selected: number;
  uncached: number;
  balance: number | null;
  /** The most audio transcription of captionless videos may add (0 where the plan cannot transcribe). */
  aiUnitsUpTo: number;
  /** The whole price as a sentence: Cloud Requests, and AI Units with the length assumed per video. */
  priceText: string;
  /** Of the videos priced, those an earlier request may already have charged without its answer arriving. */
  mayHaveBeenCharged: number;
  /** Said when the transcripts will not fit in the cache budget beside what it holds. */
  sizeNote: string | null;
};

export type BulkState = 'running' | 'finished' | 'cancelled' | 'stopped';

/** What the person downloads: a ZIP with one file per video in this format, or one JSONL file. */
export type { BulkOutput };

export type BulkStatus = {
  runId: string;
  /** The channel as the page named it, and its title, for the popup's line. */
  channel: string;
  title: string;
  state: BulkState;
  /** Videos to buy in this run (the uncached part of the selection). */
  total: number;
  done: number;
  /** Terminal failures (free), and retryable ones that stayed failed after the last pass. */
  failed: { id: string; message: string }[];
  /** Videos whose batch may have been charged without its answer arriving: never sent again by the run. */
  unknown: { id: string; message: string }[];
  left: number;
  /** Why the run stopped (402: how many are left and what they would cost), else null. */
  message: string | null;
  /** Seconds until it can end at the rate-limit floor (the plan's windows); null once it ended. */
  etaSeconds: number | null;
  /** Videos asked for in batches still on their way: a cancelled or stopped run settles once they are in. */
  inFlight: number;
  format: BulkOutput;
  startedAt: number;
};

/** A piece the page holds (bulk.pieces) and where it goes: before byte `at` of the bytes sent with it. */
export type HeldAt = { at: number; piece: number };

/**
 * A run's file: a ZIP or JSONL as base64 (runtime messages carry JSON, not bytes). `held`: the file is these bytes
 * with the pieces the page said it holds put in at their places (utils/export/held-pieces.ts).
 */
export type BulkArchive = { filename: string; mime: string; base64: string; held?: HeldAt[] };

/**
 * A run's ZIP entries compressed so far, from the `from`-th on (base64, one after another, `sizes` bytes each):
 * the page holds them while the run goes, so the file's bytes cross as they are made, not all at its end.
 * `epoch` names this worker's making: another worker's pieces are never used.
 */
export type BulkPieces = { epoch: string; from: number; base64: string; sizes: number[] };

/** The price of listing several channels: those held already are never bought again. */
export type ChannelsQuote =
  | { status: 'gated'; message: string }
  | {
      status: 'quoted';
      quoteId: string;
      /** The channels to buy, in the order pasted; the others are held already (free). */
      toList: string[];
      held: string[];
      cloudRequests: number;
      /** The requests they are sent in, of `perRequest` channels each (the plan's size). */
      requests: number;
      perRequest: number;
      /** False while the plan is not known: then one channel a request, and the view says why. */
      planKnown: boolean;
      balance: number | null;
    };

/** What became of each channel, and the uploads of those listed (or held), once each. */
export type ChannelsListed = {
  channels: {
    channel: string;
    title: string | null;
    outcome: 'listed' | 'held' | 'failed' | 'not_sent';
    message: string | null;
  }[];
  uploads: UploadRow[];
  /** Uploads past MAX_LISTED, the most the bulk view takes at once: not shown. */
  leftOut: number;
};
