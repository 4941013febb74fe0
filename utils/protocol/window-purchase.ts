import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { BulkOutput } from '../bulk-run';
import {
  ChannelRef,
  Duration,
  inOrder,
  QuoteId,
  SearchWords,
  Seconds,
  VideoIdSchema,
  VideoIds,
} from './request-fields';

/**
 * A big spend as the panel priced it, sent to be confirmed in the extension's own window (never in the page,
 * where a page script can move the panel under the person's cursor). Each names the quote of its price; the
 * window's Spend buys exactly this, through the same quote checks as before.
 */
export const WindowPurchase = z.discriminatedUnion('kind', [
  /** An analysis above the spending guard, or of unknown length. */
  z
    .object({
      kind: z.literal('analysis'),
      videoId: VideoIdSchema,
      mode: AnalysisMode,
      partial: z.boolean(),
      quoteId: QuoteId,
      durationSeconds: Duration.optional(),
      title: z.string().max(300).optional(),
    })
    .strict(),
  /** Transcripts of a channel's selected videos. */
  z
    .object({
      kind: z.literal('bulk'),
      channel: ChannelRef,
      ids: VideoIds,
      quoteId: QuoteId,
      format: BulkOutput.optional(),
    })
    .strict(),
  /** "Search these videos" on the service, for the unsaved ones. */
  z
    .object({
      kind: z.literal('search'),
      channel: ChannelRef,
      ids: VideoIds,
      quoteId: QuoteId,
      query: SearchWords,
      from: Seconds,
      to: Seconds,
    })
    .strict()
    .refine(inOrder, 'from must be before to'),
]);
export type WindowPurchase = z.infer<typeof WindowPurchase>;
