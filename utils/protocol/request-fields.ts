import { z } from 'zod';
import { isChannelRef } from '../channel-ref';
import { isVideoId } from '../video-id';

/** The fields messages share (requests.ts, window-purchase.ts), each with the bounds the background checks. */
export const VideoIdSchema = z.string().refine(isVideoId, 'not a video id');
export const Lang = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/);
export const Question = z.string().trim().min(1).max(2000);
export const Duration = z
  .number()
  .finite()
  .positive()
  .max(7 * 24 * 3600);

export const QuoteId = z.string().min(1).max(100);
export const RequestId = z.string().min(1).max(100);
export const ChannelRef = z.string().max(200).refine(isChannelRef, 'not a channel');
export const VideoIds = z.array(VideoIdSchema).min(1).max(500);
export const RunId = z.string().uuid();
/** A from/to of a search across videos, in whole seconds (the panel parses what the person typed). */
export const Seconds = z
  .number()
  .int()
  .nonnegative()
  .max(7 * 24 * 3600)
  .nullable();
export const inOrder = (m: { from: number | null; to: number | null }) =>
  m.from === null || m.to === null || m.from < m.to;
/** The words of a paid search: something to search for. */
export const SearchWords = z.string().trim().min(1).max(200);
