/** What the panel's channel view is told (the background's answers to channel.get / channel.list). */
export type ChannelQuote = { quoteId: string; cloudRequests: number; balance: number | null };

export type UploadRow = {
  id: string;
  title: string;
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
  | { status: 'quoted'; quote: ChannelQuote; listing: ChannelListing | null }
  /** The service reported a per-channel failure (free); the price to try again. */
  | { status: 'failed'; code: string; message: string; quote: ChannelQuote };

/** The most uploads the service lists per channel (spec: Limits). */
export const MAX_LISTED = 500;
