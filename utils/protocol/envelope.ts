import * as z from 'zod/mini';

/**
 * The envelope every answer of the background comes in: `{ ok: true, data }`, or `{ ok: false, error }` whose
 * error is a code and a sentence for a person. The sending side (send.ts) checks it in every YouTube tab, so the
 * schema is zod/mini: the full zod build would double the content script's size.
 */
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

export function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}

export function fail(code: string, message: string, extra: Omit<ReplyError, 'code' | 'message'> = {}): Reply<never> {
  return { ok: false, error: { code, message, ...extra } };
}
