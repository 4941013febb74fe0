import { z } from 'zod';
import { AnalysisMode, Plan } from '../api/schemas';
import { BulkOutput } from '../bulk-run';
import { isChannelRef } from '../channel-ref';
import { LibraryFile } from '../library/file';
import { SettingsPatch } from '../settings';
import { isVideoId } from '../video-id';
import type { Reply, ReplyError } from './wire';

/**
 * The protocol between the extension's contexts. Every message is a zod-validated object with a `type`;
 * the union a message belongs to says who may send it. The background answers every request with a `Reply`.
 * No message ever carries the API token back, and none asks for an arbitrary URL.
 */
export const VideoIdSchema = z.string().refine(isVideoId, 'not a video id');
const Lang = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/);
const Question = z.string().trim().min(1).max(2000);
const Duration = z
  .number()
  .finite()
  .positive()
  .max(7 * 24 * 3600);

const QuoteId = z.string().min(1).max(100);
const ChannelRef = z.string().max(200).refine(isChannelRef, 'not a channel');
const VideoIds = z.array(VideoIdSchema).min(1).max(500);
const RunId = z.string().uuid();
/** A from/to of a search across videos, in whole seconds (the panel parses what the person typed). */
const Seconds = z
  .number()
  .int()
  .nonnegative()
  .max(7 * 24 * 3600)
  .nullable();
const inOrder = (m: { from: number | null; to: number | null }) => m.from === null || m.to === null || m.from < m.to;
const Output = BulkOutput;

/**
 * Messages a content script on a YouTube tab may send: domain actions about video ids only. Every message
 * that spends names the quote (consent ticket) the background issued for the price the person was shown;
 * the panel sends it only on a trusted click or key (components/consent.ts).
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
  z
    .object({
      type: z.literal('analysis.start'),
      videoId: VideoIdSchema,
      mode: AnalysisMode,
      partial: z.boolean(),
      /** The quote of the estimate the person saw. */
      quoteId: QuoteId,
      /** The person confirmed in the spending-guard dialog (needed when the quote was above the guard). */
      guardConfirmed: z.boolean(),
      durationSeconds: Duration.optional(),
      title: z.string().max(300).optional(),
    })
    .strict(),
  z.object({ type: z.literal('analysis.get'), videoId: VideoIdSchema }).strict(),
  /** Free: checks a job that polling gave up on once more. */
  z.object({ type: z.literal('analysis.recheck'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('ask.quote'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('ask.send'), videoId: VideoIdSchema, question: Question, quoteId: QuoteId }).strict(),
  z.object({ type: z.literal('ask.history'), videoId: VideoIdSchema }).strict(),
  z.object({ type: z.literal('balances.get') }).strict(),
  /** Free: the held listing of a channel and the price of listing it (or the Free plan's gate). */
  z.object({ type: z.literal('channel.get'), channel: ChannelRef }).strict(),
  /** Spends 1 Cloud Request when the listing succeeds: only on the quote the person acted on. */
  z.object({ type: z.literal('channel.list'), channel: ChannelRef, quoteId: QuoteId }).strict(),
  /** Free: the price of the selection's transcripts (saved ones are never bought again). */
  z.object({ type: z.literal('bulk.quote'), channel: ChannelRef, ids: VideoIds }).strict(),
  /** Spends up to 1 Cloud Request per uncached video: only on the quote of exactly this selection. */
  z
    .object({
      type: z.literal('bulk.start'),
      channel: ChannelRef,
      ids: VideoIds,
      quoteId: QuoteId,
      /** What the run's file will be (kept with the run); SRT when not said. */
      format: Output.optional(),
    })
    .strict(),
  z.object({ type: z.literal('bulk.status'), runId: RunId }).strict(),
  /** Free: the newest run of this channel, so a reopened panel shows a run still going. */
  z.object({ type: z.literal('bulk.current'), channel: ChannelRef }).strict(),
  z.object({ type: z.literal('bulk.cancel'), runId: RunId }).strict(),
  /** Free: the ZIP or JSONL of a run's selection (or of these ids), built here so the content script stays small. */
  z
    .object({
      type: z.literal('bulk.archive'),
      channel: ChannelRef,
      ids: VideoIds.optional(),
      format: Output,
      runId: RunId.optional(),
    })
    .strict()
    .refine((m) => m.ids !== undefined || m.runId !== undefined, 'ids or runId'),
  /** Free: the selection's (or the listing's) saved transcripts searched here; which videos have none. */
  z
    .object({
      type: z.literal('search.local'),
      channel: ChannelRef,
      query: z.string().max(200),
      ids: VideoIds,
      from: Seconds,
      to: Seconds,
    })
    .strict()
    .refine(inOrder, 'from must be before to'),
  /** Free: the price of searching the selection's unsaved videos on the service (1 Cloud Request each). */
  z
    .object({
      type: z.literal('search.quote'),
      channel: ChannelRef,
      ids: VideoIds,
      query: z.string().max(200),
      from: Seconds,
      to: Seconds,
    })
    .strict()
    .refine(inOrder, 'from must be before to'),
  /** Spends up to 1 Cloud Request per video: only on the quote of exactly these videos. */
  z
    .object({
      type: z.literal('search.service'),
      channel: ChannelRef,
      ids: VideoIds,
      quoteId: QuoteId,
      query: z.string().trim().min(1).max(200),
      from: Seconds,
      to: Seconds,
    })
    .strict()
    .refine(inOrder, 'from must be before to'),
  /** Free: opens the library page in a new tab (the panel's header link). */
  z.object({ type: z.literal('library.open') }).strict(),
]);
export type ContentMessage = z.infer<typeof ContentMessage>;

/** Messages only the extension's own pages (popup, options, confirmation window) may send. */
export const PageMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }).strict(),
  z.object({ type: z.literal('settings.get') }).strict(),
  z.object({ type: z.literal('settings.set'), patch: SettingsPatch }).strict(),
  z.object({ type: z.literal('token.set'), token: z.string().max(4096) }).strict(),
  z.object({ type: z.literal('token.clear') }).strict(),
  z.object({ type: z.literal('account.get'), refresh: z.boolean() }).strict(),
  z.object({ type: z.literal('jobs.list') }).strict(),
  z.object({ type: z.literal('cache.usage') }).strict(),
  z.object({ type: z.literal('cache.clear') }).strict(),
  z.object({ type: z.literal('watchlists.list') }).strict(),
  z.object({ type: z.literal('watchlists.activity'), watchlistId: z.string().min(1).max(200) }).strict(),
  z.object({ type: z.literal('menu.pending'), requestId: z.string().min(1).max(100) }).strict(),
  z.object({ type: z.literal('menu.confirm'), requestId: z.string().min(1).max(100), accept: z.boolean() }).strict(),
  /** The library: everything held, searched and exported for free; nothing here reaches the service. */
  z.object({ type: z.literal('library.list') }).strict(),
  z
    .object({
      type: z.literal('library.search'),
      query: z.string().max(200),
      videoIds: z.array(VideoIdSchema).max(5000).optional(),
      limit: z.number().int().min(1).max(200).optional(),
    })
    .strict(),
  z.object({ type: z.literal('library.remove'), videoIds: z.array(VideoIdSchema).min(1).max(5000) }).strict(),
  z.object({ type: z.literal('library.export'), videoIds: z.array(VideoIdSchema).min(1).max(100) }).strict(),
  /**
   * Validated again here: the page's check is for its sentences, this one is the boundary. The preview says
   * what the file adds and keeps and writes nothing; only `library.import`, after the person agrees, writes.
   */
  z.object({ type: z.literal('library.importPreview'), file: LibraryFile }).strict(),
  z.object({ type: z.literal('library.import'), file: LibraryFile }).strict(),
  /** Bulk runs going on (and just ended) for the popup's progress lines. */
  z.object({ type: z.literal('bulkRuns.list') }).strict(),
  z.object({ type: z.literal('bulkRuns.cancel'), runId: RunId }).strict(),
  /** The spending history: the current account's journal of paid requests (free, nothing reaches the service). */
  z.object({ type: z.literal('spending.history') }).strict(),
  /** How many of the current account's purchases may have been charged and are not settled (the popup's line). */
  z.object({ type: z.literal('spending.unknown') }).strict(),
]);
export type PageMessage = z.infer<typeof PageMessage>;

export type { BroadcastMessage, Reply, ReplyError } from './wire';

export function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}

export function fail(code: string, message: string, extra: Omit<ReplyError, 'code' | 'message'> = {}): Reply<never> {
  return { ok: false, error: { code, message, ...extra } };
}

export { Plan };
