import type { JournalEntry } from '../../../utils/till/journal';

/** Entries per chunk: a bulk batch's entry (50 ids asked, 50 delivered) is about 1.8 kB. */
export const CHUNK = 25;

/** An account's journal as stored: chunk `first + i` holds `chunks[i]`, oldest first. */
export type Chunked = { first: number; chunks: JournalEntry[][] };

type Key = `local:${string}`;

/** Chunk 0 is the key the journal had as one list, so a journal written before chunks is read as it is. */
const chunkKey = (account: string, n: number): Key =>
  n === 0 ? `local:journal:${account}` : `local:journal:${account}#${n}`;

export const chunkedKeys = (account: string, first: number, count: number): Key[] =>
  Array.from({ length: Math.max(1, count) }, (_, i) => chunkKey(account, first + i));

/**
 * The entries after a change, in the chunks they were in: a new entry goes to the last chunk while it has room,
 * else to a new one; chunks emptied at the front (the oldest trimmed) are removed. Returns what to write (only
 * the chunks whose entries changed) and the keys of the chunks removed.
 */
export function rechunk(
  account: string,
  before: Chunked,
  entries: readonly JournalEntry[],
): { journal: Chunked; write: { key: Key; value: JournalEntry[] }[]; gone: Key[] } {
  const home = new Map<string, number>();
  before.chunks.forEach((chunk, i) => {
    for (const e of chunk) home.set(e.id, i);
  });
  const chunks: JournalEntry[][] = before.chunks.length > 0 ? before.chunks.map(() => []) : [[]];
  for (const e of entries) {
    const i = home.get(e.id);
    if (i !== undefined) {
      chunks[i]?.push(e);
      continue;
    }
    if ((chunks.at(-1)?.length ?? 0) >= CHUNK) chunks.push([]);
    chunks.at(-1)?.push(e);
  }
  const changed = (chunk: JournalEntry[], i: number) => {
    const old = before.chunks[i];
    return old === undefined || old.length !== chunk.length || chunk.some((e, j) => e !== old[j]);
  };
  const write = chunks.flatMap((chunk, i) =>
    changed(chunk, i) ? [{ key: chunkKey(account, before.first + i), value: chunk }] : [],
  );
  let first = before.first;
  const gone: Key[] = [];
  while (chunks.length > 1 && chunks[0]?.length === 0) {
    chunks.shift();
    gone.push(chunkKey(account, first));
    first++;
  }
  const removed = new Set(gone);
  return { journal: { first, chunks }, write: write.filter((w) => !removed.has(w.key)), gone };
}
