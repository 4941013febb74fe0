import type { Reply } from '../../utils/protocol/envelope';

/**
 * How far a piece of work done a part at a time is, in videos; or, while a file is read before its count is
 * known, in its bytes, with `videosRead` the videos checked so far.
 */
export type PartProgress = { done: number; total: number; videosRead?: number };
/** What such work is handed: its Cancel (checked between parts) and where it says how far it is. */
export type InParts = { signal: AbortSignal; onProgress: (progress: PartProgress) => void };

/** A part whose worker stopped while doing it is asked for again this many times in all. */
export const ASKS = 3;

/**
 * One part's message, sent again when the worker stopped in the middle ("disconnected": the page keeps its place).
 * Only for what is free and safe to do twice: reading the library, or an import, which plans again from what is
 * held and so writes nothing twice.
 */
export async function askAgain<T>(ask: () => Promise<Reply<T>>): Promise<Reply<T>> {
  for (let n = 1; ; n++) {
    const reply = await ask();
    if (reply.ok || reply.error.code !== 'disconnected' || n >= ASKS) return reply;
  }
}
