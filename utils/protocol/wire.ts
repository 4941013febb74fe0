import * as z from 'zod/mini';
import { isVideoId } from '../video-id';

/**
 * The runtime schemas the content script needs (replies from the background, pushes to tabs), in
 * zod/mini: the panel ships in every YouTube tab, and the full zod build would double its size.
 * The messages the background validates live in messages.ts with full zod.
 */
const VideoId = z.string().check(z.refine(isVideoId, 'not a video id'));

export const BroadcastMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('analysis.updated'), videoId: VideoId }),
  z.strictObject({ type: z.literal('panel.toggle') }),
  z.strictObject({ type: z.literal('panel.openTab'), tab: z.enum(['transcript', 'analysis', 'ask']) }),
]);
export type BroadcastMessage = z.infer<typeof BroadcastMessage>;

export type ReplyError = { code: string; message: string; retryAfter?: number; details?: Record<string, unknown> };
export type Reply<T> = { ok: true; data: T } | { ok: false; error: ReplyError };

export const ReplySchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      retryAfter: z.optional(z.number()),
      details: z.optional(z.record(z.string(), z.unknown())),
    }),
  }),
]);
