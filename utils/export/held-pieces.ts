import type { HeldAt } from '../channel/replies';

/**
 * A file whose bytes partly crossed to the page before it was asked for (a bulk run's ZIP entries, sent as each
 * batch's were compressed: bulk.pieces): at the end only the rest crosses, with where each held piece goes.
 * The runtime's messages carry JSON, so the bytes cross as base64: 2.5 MB of it took 250–290 ms at a busy run's
 * end (docs/benchmarks.md, "Bulk").
 */

/** The chunks the page does not hold, joined, and where the held ones go (`pieceOf`: chunk → piece index). */
export function withoutHeld(
  chunks: readonly Uint8Array[],
  pieceOf: ReadonlyMap<Uint8Array, number>,
): { bytes: Uint8Array<ArrayBuffer>; held: HeldAt[] } {
  const held: HeldAt[] = [];
  let size = 0;
  for (const chunk of chunks) {
    const piece = pieceOf.get(chunk);
    if (piece === undefined) size += chunk.length;
    else held.push({ at: size, piece });
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    if (pieceOf.has(chunk)) continue;
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, held };
}

/**
 * The file's parts in order from the bytes sent and the pieces held (withoutHeld's inverse), or null when a
 * place is out of order or names a piece not held: the page then asks for the whole file.
 */
export function withHeld(
  bytes: Uint8Array<ArrayBuffer>,
  held: readonly HeldAt[],
  pieces: readonly Uint8Array<ArrayBuffer>[],
): Uint8Array<ArrayBuffer>[] | null {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let from = 0;
  for (const { at, piece } of held) {
    const bytesOfPiece = pieces[piece];
    if (!bytesOfPiece || at < from || at > bytes.length) return null;
    if (at > from) parts.push(bytes.subarray(from, at));
    parts.push(bytesOfPiece);
    from = at;
  }
  if (from < bytes.length) parts.push(bytes.subarray(from));
  return parts;
}
