import { z } from 'zod';
import { isVideoId } from './video-id';

/**
 * The protocol between the extension's contexts. Every message is a zod-validated object with a `type`;
 * names say who may send it. The background answers with a `Reply`.
 */
export const VideoIdSchema = z.string().refine(isVideoId, 'not a video id');

/** Messages a content script on a YouTube tab may send: domain actions about video ids only. */
export const ContentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), videoId: VideoIdSchema }).strict(),
]);
export type ContentMessage = z.infer<typeof ContentMessage>;

/** Messages only the extension's own pages (popup, options) may send. */
export const PageMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') }).strict()]);
export type PageMessage = z.infer<typeof PageMessage>;

export type ReplyError = { code: string; message: string };
export type Reply<T> = { ok: true; data: T } | { ok: false; error: ReplyError };

export const ReplySchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);

export function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}

export function fail(code: string, message: string): Reply<never> {
  return { ok: false, error: { code, message } };
}
