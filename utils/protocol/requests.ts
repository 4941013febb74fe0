import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { MAX_LIBRARY_VIDEOS, MAX_TITLE_CHARS, MAX_TOKEN_CHARS } from '../bounds';
import { BulkOutput } from '../bulk/run';
import { MAX_LISTED } from '../channel/replies';
import { LibraryFile } from '../library/file';
import { NoteItem } from '../notes/model';
import { SettingsPatch } from '../settings';
import {
  AnalysisPurchase,
  BulkRef,
  ChannelRef,
  ChannelRefs,
  Duration,
  inOrder,
  Lang,
  Moment,
  Query,
  Question,
  QuoteId,
  RequestId,
  RunId,
  SearchScope,
  VideoIdSchema,
  VideoIds,
} from './request-fields';
import { WindowPurchase } from './window-purchase';

const Output = BulkOutput;

/**
 * What may be asked: the messages the extension's contexts send the background. Every message is a
 * zod-validated object with a `type`; the union a message belongs to says who may send it (receive.ts checks
 * the sender, then parses). Each is answered in an envelope (envelope.ts) holding its reply type (replies.ts).
 * No message ever carries the API token back, and none asks for an arbitrary URL.
 */

/**
 * Messages a content script on a YouTube tab may send: domain actions about video ids only. Every message
 * that spends names the quote (consent ticket) the background issued for the price the person was shown;
 * the panel sends it only on a trusted click or key (components/consent.ts). Big spends cannot be made from
 * here at all: the panel can only ask for them to be confirmed in the extension's window (consent.open).
 */
export const ContentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), videoId: VideoIdSchema }).strict(),
  /** Free: the saved transcript, or its price with a quote to load it. */
  z.object({ type: z.literal('transcript.get'), videoId: VideoIdSchema, lang: Lang.optional() }).strict(),
  /** Spends 1 Cloud Request when delivered: on a quote the person acted on, or the automatic-load setting. */
  z
    .object({
      type: z.literal('transcript.load'),
      videoId: VideoIdSchema,
      lang: Lang.optional(),
      consent: z.union([z.object({ quoteId: QuoteId }).strict(), z.object({ auto: z.literal(true) }).strict()]),
    })
    .strict(),
  z.object({ type: z.literal('panel.context'), videoId: VideoIdSchema }).strict(),
  /** Free: panel.context and transcript.get (in the settings' language) in one round trip, for the first screen. */
  z.object({ type: z.literal('panel.open'), videoId: VideoIdSchema }).strict(),
  /** The main player's length (never an ad's): what prices an analysis later, from the context menu too. */
  z.object({ type: z.literal('video.length'), videoId: VideoIdSchema, durationSeconds: Duration }).strict(),
  z
    .object({
      type: z.literal('analysis.estimate'),
      videoId: VideoIdSchema,
      mode: AnalysisMode,
      partial: z.boolean(),
      durationSeconds: Duration.optional(),
    })
    .strict(),
  /** Within the spending guard (above it, see consent.open): the quote of the estimate the person saw. */
  z.object({ type: z.literal('analysis.start'), ...AnalysisPurchase }).strict(),
  z.object({ type: z.literal('analysis.get'), videoId: VideoIdSchema }).strict(),
  /** Free: checks a job that polling gave up on once more. */
  z.object({ type: z.literal('analysis.recheck'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('ask.quote'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('ask.send'), videoId: VideoIdSchema, question: Question, quoteId: QuoteId }).strict(),
  z.object({ type: z.literal('ask.history'), videoId: VideoIdSchema }).strict(),
  /** Free: questions of the video's analysis that may have been charged without their answer arriving. */
  z.object({ type: z.literal('ask.unsure'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('balances.get') }).strict(),
  /** Free: the held listing of a channel and the price of listing it (or the Free plan's gate). */
  z.object({ type: z.literal('channel.get'), channel: ChannelRef }).strict(),
  /** Spends 1 Cloud Request when the listing succeeds: only on the quote the person acted on. */
  z.object({ type: z.literal('channel.list'), channel: ChannelRef, quoteId: QuoteId }).strict(),
  /** Free: the price of the selection's transcripts (saved ones are never bought again). */
  z.object({ type: z.literal('bulk.quote'), channel: BulkRef, ids: VideoIds }).strict(),
  z.object({ type: z.literal('bulk.status'), runId: RunId }).strict(),
  /** Free: the newest run of this channel, so a reopened panel shows a run still going. */
  z.object({ type: z.literal('bulk.current'), channel: BulkRef }).strict(),
  z.object({ type: z.literal('bulk.cancel'), runId: RunId }).strict(),
  /** Free: the ZIP or JSONL of a run's selection (or of these ids), built here so the content script stays small. */
  z
    .object({
      type: z.literal('bulk.archive'),
      channel: BulkRef,
      ids: VideoIds.optional(),
      /** Titles as a playlist page shows them (a channel's come from its held listing). */
      titles: z
        .record(VideoIdSchema, z.string().max(MAX_TITLE_CHARS))
        .refine((t) => Object.keys(t).length <= MAX_LISTED, 'too many titles')
        .optional(),
      format: Output,
      runId: RunId.optional(),
      /** The run's pieces this page holds (bulk.pieces): the first `count` of that worker's making. */
      held: z
        .object({ epoch: z.string().max(64), count: z.number().int().min(0).max(MAX_LISTED) })
        .strict()
        .optional(),
    })
    .strict()
    .refine((m) => m.ids !== undefined || m.runId !== undefined, 'ids or runId'),
  /** Free: the run's ZIP entries made since the `from`-th, for the page to hold until the file is asked for. */
  z
    .object({
      type: z.literal('bulk.pieces'),
      runId: RunId,
      format: Output,
      from: z.number().int().min(0).max(MAX_LISTED),
    })
    .strict(),
  /** Free: the selection's (or the listing's) saved transcripts searched here; which videos have none. */
  z
    .object({ type: z.literal('search.local'), ...SearchScope, query: Query })
    .strict()
    .refine(inOrder, 'from must be before to'),
  /** Free: the price of searching the selection's unsaved videos on the service (1 Cloud Request each). */
  z
    .object({ type: z.literal('search.quote'), ...SearchScope, query: Query })
    .strict()
    .refine(inOrder, 'from must be before to'),
  /** Free: the part of an unsaved video around a found moment, held (shown free) or priced with a quote. */
  z.object({ type: z.literal('around.quote'), videoId: VideoIdSchema, at: Moment }).strict(),
  /** Spends 1 Cloud Request (MCP get_transcript) on that quote, unless the part is held by now. */
  z.object({ type: z.literal('around.read'), videoId: VideoIdSchema, at: Moment, quoteId: QuoteId }).strict(),
  /**
   * Free: opens the extension's window to confirm a big spend (an analysis above the guard or of unknown
   * length, a channel's transcripts, a search on the service). Only the window's Spend buys it.
   */
  z.object({ type: z.literal('consent.open'), purchase: WindowPurchase }).strict(),
  /** Free: what became of a purchase this tab sent to the window (waiting, bought, cancelled). */
  z.object({ type: z.literal('consent.status'), requestId: RequestId }).strict(),
  /** Free: opens the library page in a new tab (the panel's header link). */
  z.object({ type: z.literal('library.open') }).strict(),
  /** Free and local: the video's highlights and notes; written and removed only from the tab showing it. */
  z.object({ type: z.literal('notes.list'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('notes.put'), item: NoteItem }).strict(),
  z.object({ type: z.literal('notes.remove'), videoId: VideoIdSchema, id: z.string().uuid() }).strict(),
]);
export type ContentMessage = z.infer<typeof ContentMessage>;

/** Messages only the extension's own pages (popup, options, confirmation window) may send. */
export const PageMessage = z.discriminatedUnion('type', [
  /** Free: the price of listing these pasted channels (held ones cost nothing), or the Free plan's gate. */
  z.object({ type: z.literal('channels.quote'), channels: ChannelRefs }).strict(),
  /** Spends 1 Cloud Request per channel listed: only on the quote of exactly these channels. */
  z.object({ type: z.literal('channels.list'), channels: ChannelRefs, quoteId: QuoteId }).strict(),
  z.object({ type: z.literal('ping') }).strict(),
  z.object({ type: z.literal('settings.get') }).strict(),
  z.object({ type: z.literal('settings.set'), patch: SettingsPatch }).strict(),
  z.object({ type: z.literal('token.set'), token: z.string().max(MAX_TOKEN_CHARS) }).strict(),
  z.object({ type: z.literal('token.clear') }).strict(),
  z.object({ type: z.literal('account.get'), refresh: z.boolean() }).strict(),
  z.object({ type: z.literal('jobs.list') }).strict(),
  z.object({ type: z.literal('cache.usage') }).strict(),
  z.object({ type: z.literal('cache.clear') }).strict(),
  z.object({ type: z.literal('watchlists.list') }).strict(),
  z.object({ type: z.literal('watchlists.activity'), watchlistId: z.string().min(1).max(200) }).strict(),
  /** The confirmation window: the purchase and its price, then the person's Spend or Cancel. */
  z.object({ type: z.literal('consent.pending'), requestId: RequestId }).strict(),
  z.object({ type: z.literal('consent.decide'), requestId: RequestId, accept: z.boolean() }).strict(),
  /** An analysis whose mode the plan lacks: another mode, priced again (free). */
  z.object({ type: z.literal('consent.mode'), requestId: RequestId, mode: AnalysisMode }).strict(),
  /** The library: everything held, searched and exported for free; nothing here reaches the service. */
  /** `first`: only the newest that many now (the page's first screen), with the whole list's count and size. */
  z.object({ type: z.literal('library.list'), first: z.number().int().min(1).max(500).optional() }).strict(),
  z
    .object({
      type: z.literal('library.search'),
      query: Query,
      videoIds: z.array(VideoIdSchema).max(MAX_LIBRARY_VIDEOS).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    })
    .strict(),
  z
    .object({ type: z.literal('library.remove'), videoIds: z.array(VideoIdSchema).min(1).max(MAX_LIBRARY_VIDEOS) })
    .strict(),
  z.object({ type: z.literal('library.export'), videoIds: z.array(VideoIdSchema).min(1).max(100) }).strict(),
  /** The same videos as the library file's text ("Export JSON"): one string crosses, not an object per cue. */
  z.object({ type: z.literal('library.exportText'), videoIds: z.array(VideoIdSchema).min(1).max(100) }).strict(),
  /** Chromium: the same text posted to the asking page as a Blob (`part` names it); the reply says its count. */
  z
    .object({
      type: z.literal('library.exportPart'),
      videoIds: z.array(VideoIdSchema).min(1).max(100),
      part: z.string().uuid(),
    })
    .strict(),
  /**
   * Validated again here: the page's check is for its sentences, this one is the boundary. The preview says
   * what the file adds and keeps and writes nothing; only `library.import`, after the person agrees, writes.
   */
  z.object({ type: z.literal('library.importPreview'), file: LibraryFile }).strict(),
  z.object({ type: z.literal('library.import'), file: LibraryFile }).strict(),
  /**
   * The popup hands a watchlist's uploads to the library page's bulk view, which it opens; the page takes them
   * (once). Only the extension's pages may send either: a web page cannot put videos before the person.
   */
  z
    .object({
      type: z.literal('lists.hand'),
      name: z.string().max(MAX_TITLE_CHARS),
      videos: z
        .array(z.object({ id: VideoIdSchema, title: z.string().max(MAX_TITLE_CHARS) }).strict())
        .min(1)
        .max(MAX_LISTED),
    })
    .strict(),
  z.object({ type: z.literal('lists.take') }).strict(),
  /** Bulk runs going on (and just ended) for the popup's progress lines. */
  z.object({ type: z.literal('bulkRuns.list') }).strict(),
  z.object({ type: z.literal('bulkRuns.cancel'), runId: RunId }).strict(),
  /** The spending history: the current account's journal of paid requests (free, nothing reaches the service). */
  z.object({ type: z.literal('spending.history') }).strict(),
  /** How many of the current account's purchases may have been charged and are not settled (the popup's line). */
  z.object({ type: z.literal('spending.unknown') }).strict(),
]);
export type PageMessage = z.infer<typeof PageMessage>;

export type ContentType = ContentMessage['type'];
export type PageType = PageMessage['type'];
export type ContentOf<K extends ContentType> = Extract<ContentMessage, { type: K }>;
export type PageOf<K extends PageType> = Extract<PageMessage, { type: K }>;
