// The budget and least-recently-used eviction: what is measured, what is evicted, and what never is.
import { unwrap } from 'idb';
import { type CacheDb, type CacheKind, type CacheSchema, entriesOf, inTx, type Key, type Tx } from './db';

/**
 * Paid results outside the budget, never evicted: analyses and answers, and `meta` (channel listings, service
 * search findings, the track a language fell back to), each bought or small.
 */
export const KEPT_KINDS: ReadonlySet<CacheKind> = new Set<CacheKind>(['analysis', 'answers', 'meta']);
/** A read re-writes lastUsed at most this often: LRU needs no finer clock, and each touch rewrites the entry. */
export const TOUCH_INTERVAL_MS = 5_000;

/** Whether the budget governs the kind (saved transcripts) or it is kept outside it. */
export const governed = (kind: CacheKind): boolean => !KEPT_KINDS.has(kind);

export function checkBudget(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Cache budget must be a byte count, got ${bytes}`);
  return bytes;
}

/** The byte budget of the entries it governs, and the eviction that keeps them within it. */
export class Budget {
  /**
   * At least the bytes of the entries the budget governs, or null before the first measure: a write that keeps
   * it within the budget needs no eviction pass (a key cursor over every entry, one step per entry, which took a
   * bulk batch's write longer than its 50 puts on a busy machine). Measured exactly at each pass; writes add to
   * it, deletes leave it (it stays an upper bound). This cache is the extension's only writer (the background's).
   */
  private bound: number | null = null;
  bytes: number;

  constructor(
    bytes: number,
    private readonly pinned: (kind: CacheKind, key: string) => boolean,
  ) {
    this.bytes = checkBudget(bytes);
  }

  /** An entry of this kind and size was written. */
  grew(kind: CacheKind, bytes: number): void {
    if (governed(kind) && this.bound !== null) this.bound += bytes;
  }

  /** Evicts least recently used entries (never `keep`, never pinned ones) until within budget. */
  async evict(tx: Tx<'readwrite'>, keep: readonly Key[] | null): Promise<void> {
    if (this.bound !== null && this.bound <= this.bytes) return;
    this.bound = await evictUnpinned(tx, this.bytes, keep, this.pinned);
  }
}

// Re-read inside the write transaction: a put may have replaced the value since our read. Not a change the
// change count follows: what is held stays the same.
export function touch(db: CacheDb, key: Key, t: number): Promise<void> {
  return inTx(
    db,
    'readwrite',
    async (tx) => {
      const current = await entriesOf(tx).get(key);
      if (current && current.lastUsed < t) await entriesOf(tx).put({ ...current, lastUsed: t });
    },
    false,
  );
}

/**
 * Total bytes and every primary key, least recently used first, from the index alone. A plain key cursor, not
 * idb's: its promise and proxy per step cost more than the step (the library lists every entry after a change).
 */
export function measure(
  tx: Tx<IDBTransactionMode>,
): Promise<{ bytes: number; entries: Array<{ key: Key; bytes: number }> }> {
  const index = unwrap(entriesOf(tx).index('lru'));
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const entries: Array<{ key: Key; bytes: number }> = [];
    const request = index.openKeyCursor();
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) {
        resolve({ bytes, entries });
        return;
      }
      // The index's key is [lastUsed, bytes] and the primary key [kind, key] (db.ts).
      const size = (cursor.key as CacheSchema['entries']['indexes']['lru'])[1];
      bytes += size;
      entries.push({ key: cursor.primaryKey as Key, bytes: size });
      cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
}

/** Evicts least recently used unpinned entries until within budget; returns the governed bytes left. */
async function evictUnpinned(
  tx: Tx<'readwrite'>,
  budget: number,
  keep: readonly Key[] | null,
  pinned: (kind: CacheKind, key: string) => boolean,
): Promise<number> {
  const entries = (await measure(tx)).entries.filter((e) => !KEPT_KINDS.has(e.key[0] as CacheKind));
  let bytes = entries.reduce((n, e) => n + e.bytes, 0);
  for (const entry of entries) {
    if (bytes <= budget) break;
    if (keep?.some((k) => entry.key[0] === k[0] && entry.key[1] === k[1])) continue;
    if (pinned(entry.key[0] as CacheKind, entry.key[1])) continue;
    await entriesOf(tx).delete(entry.key);
    bytes -= entry.bytes;
  }
  return bytes;
}
