import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { LANG_CODE, MAX_QUERY_CHARS, MAX_QUESTION_CHARS, MAX_TITLE_CHARS, MAX_VIDEO_SECONDS } from '../bounds';
import { MAX_PASTED_CHANNELS } from '../channel/list';
import { isListRef } from '../channel/playlist-ref';
import { isChannelRef } from '../channel/ref';
import { MAX_LISTED } from '../channel/replies';
import { isVideoId } from '../video-id';

/** The fields messages share (requests.ts, window-purchase.ts), each with the bounds the background checks. */
export const VideoIdSchema = z.string().refine(isVideoId, 'not a video id');
export const Lang = z.string().regex(LANG_CODE);
export const Question = z.string().trim().min(1).max(MAX_QUESTION_CHARS);
export const Duration = z.number().finite().positive().max(MAX_VIDEO_SECONDS);

export const QuoteId = z.string().min(1).max(100);
export const RequestId = z.string().min(1).max(100);
export const ChannelRef = z.string().max(200).refine(isChannelRef, 'not a channel');
/** A pasted list of channels (utils/channel/list.ts caps it at MAX_PASTED_CHANNELS). */
export const ChannelRefs = z.array(ChannelRef).min(1).max(MAX_PASTED_CHANNELS);
/** Where a bulk selection or a search across videos comes from: a channel, a playlist page, a pasted list. */
export const BulkRef = z
  .string()
  .max(200)
  .refine((v) => isChannelRef(v) || isListRef(v), 'not a channel or list of videos');
/** A selection of a channel's listed uploads. */
export const VideoIds = z.array(VideoIdSchema).min(1).max(MAX_LISTED);
export const RunId = z.string().uuid();
/** A from/to of a search across videos, in whole seconds (the panel parses what the person typed). */
export const Seconds = z.number().int().nonnegative().max(MAX_VIDEO_SECONDS).nullable();
/** A moment in a video, in seconds (a found moment may be fractional). */
export const Moment = z.number().nonnegative().max(MAX_VIDEO_SECONDS);
export const inOrder = (m: { from: number | null; to: number | null }) =>
  m.from === null || m.to === null || m.from < m.to;
/** The words of a free search (empty lists what the scope holds). */
export const Query = z.string().max(MAX_QUERY_CHARS);
/** The words of a paid search: something to search for. */
export const SearchWords = z.string().trim().min(1).max(MAX_QUERY_CHARS);

/**
 * An analysis as the panel priced it: what `analysis.start` sends and what the window's analysis purchase holds.
 * `quoteId` names the quote of the estimate the person saw.
 */
export const AnalysisPurchase = {
  videoId: VideoIdSchema,
  mode: AnalysisMode,
  partial: z.boolean(),
  quoteId: QuoteId,
  durationSeconds: Duration.optional(),
  title: z.string().max(MAX_TITLE_CHARS).optional(),
};

/** Where a search across videos looks: a channel's selected videos, within a time range (checked by inOrder). */
export const SearchScope = { channel: BulkRef, ids: VideoIds, from: Seconds, to: Seconds };
