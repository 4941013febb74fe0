import { z } from 'zod';
import { BulkOutput } from '../bulk/run';
import { AnalysisPurchase, BulkRef, inOrder, QuoteId, SearchScope, SearchWords, VideoIds } from './request-fields';

/**
 * A big spend as the panel priced it, sent to be confirmed in the extension's own window (never in the page,
 * where a page script can move the panel under the person's cursor). Each names the quote of its price; the
 * window's Spend buys exactly this, through the same quote checks as before.
 */
export const WindowPurchase = z.discriminatedUnion('kind', [
  /** An analysis above the spending guard, or of unknown length. */
  z.object({ kind: z.literal('analysis'), ...AnalysisPurchase }).strict(),
  /** Transcripts of a channel's selected videos. */
  z
    .object({
      kind: z.literal('bulk'),
      channel: BulkRef,
      ids: VideoIds,
      quoteId: QuoteId,
      format: BulkOutput.optional(),
    })
    .strict(),
  /** "Search these videos" on the service, for the unsaved ones. */
  z
    .object({ kind: z.literal('search'), ...SearchScope, quoteId: QuoteId, query: SearchWords })
    .strict()
    .refine(inOrder, 'from must be before to'),
]);
export type WindowPurchase = z.infer<typeof WindowPurchase>;
