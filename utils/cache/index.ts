// Per-video cache in the extension origin's IndexedDB (out of content scripts' reach). Transcripts live under a
// byte budget with least-recently-used eviction; paid analyses and answers are kept (never evicted, never
// cleared with the cache), because buying them again costs AI Units.
// Keys: transcript `videoId:languageCode`, analysis `account:videoId`, answers `account:jobId`.
import { type IDBPTransaction, unwrap } from 'idb';
import { cacheBudgetBytes, DEFAULT_SETTINGS } from '../settings';
import {
  type CacheDb,
  type CacheKind,
  type CacheSchema,
  DEFAULT_DB_NAME,
  openCacheDb,
  STORE,
  type StoredEntry,
} from './db';
import { packTranscript, unpackTranscript } from './packed';
import { jsonByteLength } from './size';

export { type CacheKind, DB_VERSION } from './db';
export { jsonByteLength } from './size';

export const DEFAULT_BUDGET_BYTES = cacheBudgetBytes(DEFAULT_SETTINGS.cacheBudgetMb);
/**
 * Paid results outside the budget, never evicted: analyses and answers, and `meta` (channel listings, service
 * search findings, the track a language fell back to), each bought or small.
 */
export const KEPT_KINDS: ReadonlySet<CacheKind> = new Set<CacheKind>(['analysis', 'answers', 'meta']);

export type CacheUsage = {
  /** Bytes of everything held. */
  bytes: number;
  entries: number;
  budgetBytes: number;
  /** What the budget governs: saved transcripts (1 Cloud Request each to load again if evicted or cleared). */
  transcripts: { entries: number; bytes: number };
  /** Paid analyses and answers, kept outside the budget. */
  kept: { entries: number; bytes: number };
};
/** A read re-writes lastUsed at most this often: LRU needs no finer clock, and each touch rewrites the entry. */
export const TOUCH_INTERVAL_MS = 5_000;

export interface CacheEntry<T> {
  value: T;
  storedAt: number;
  lastUsed: number;
  bytes: number;
}

export type ListedEntry = { kind: CacheKind; key: string; bytes: number };

/**
 * One entry of an all-or-nothing write: its value, made from what the key holds at that moment (read in the same
 * transaction, undefined when nothing), or undefined to leave the entry as it is. What was bought meanwhile is
 * then seen, never written over.
 */
export type PutItem = { kind: CacheKind; key: string; from: (held: unknown) => unknown };

/** An entry an all-or-nothing write wrote, with the value it held before (undefined when none). */
export type Written = { kind: CacheKind; key: string; previous: unknown };

export interface CacheOptions {
  dbName?: string;
  /** default 50 MB */
  budgetBytes?: number;
  now?: () => number;
  /** default: the global indexedDB */
  indexedDB?: IDBFactory;
  /**
   * Entries eviction must leave alone for now (a bulk run's deliveries until its file is saved). Called inside
   * the write transaction, so it must answer at once from memory.
   */
  pinned?: (kind: CacheKind, key: string) => boolean;
}

export interface Cache {
  /** The entry or null; marks it used. */
  get<T>(kind: CacheKind, key: string): Promise<CacheEntry<T> | null>;
  /** The entry or null, without marking it used (the library reads everything; that is not a use). */
  peek<T>(kind: CacheKind, key: string): Promise<CacheEntry<T> | null>;
  /** Stores, then evicts least recently used entries (never this one) until within budget. */
  put<T>(kind: CacheKind, key: string, value: T): Promise<void>;
  /** Stores several in one transaction with one eviction pass (never evicting them): a batch of transcripts. */
  putMany(kind: CacheKind, entries: readonly { key: string; value: unknown }[]): Promise<void>;
  delete(kind: CacheKind, key: string): Promise<void>;
  /**
   * The keys of one kind; with `prefix`, only those that start with it, read as a key range (one video's tracks
   * among thousands of saved transcripts, on every watch page) rather than every key of the kind.
   */
  keys(kind: CacheKind, prefix?: string): Promise<string[]>;
  /** Every entry's kind, key and size, read from an index (never the values): what the library lists. */
  list(): Promise<ListedEntry[]>;
  /**
   * Stores every value in one transaction, all or nothing (an import), each made from what its key holds then.
   * Evicts nothing it just wrote; throws when the transcripts alone would not fit in the budget. Says what it wrote.
   */
  putAll(items: readonly PutItem[]): Promise<Written[]>;
  /** Removes the entries in one transaction. */
  deleteAll(keys: readonly { kind: CacheKind; key: string }[]): Promise<void>;
  usage(): Promise<CacheUsage>;
  /** Evicts at once if the cache is now over the new budget. */
  setBudget(bytes: number): Promise<void>;
  clear(): Promise<void>;
  /** Removes every entry of one kind. */
  clearKind(kind: CacheKind): Promise<void>;
  close(): void;
}

/** True when the entry exists and was stored less than ttlMs ago. TTLs are the callers' policy. */
export function isFresh(
  entry: Pick<CacheEntry<unknown>, 'storedAt'> | null | undefined,
  ttlMs: number,
  now = Date.now(),
): boolean {
  return entry != null && now - entry.storedAt < ttlMs;
}

export async function openCache(options: CacheOptions = {}): Promise<Cache> {
  const now = options.now ?? Date.now;
  let budget = checkBudget(options.budgetBytes ?? DEFAULT_BUDGET_BYTES);
  const factory = options.indexedDB ?? globalThis.indexedDB;
  if (!factory) throw new Error('IndexedDB is not available in this context');
  const db = await openCacheDb(factory, options.dbName ?? DEFAULT_DB_NAME);
  const pinned = options.pinned ?? (() => false);
  /**
   * At least the bytes of the entries the budget governs, or null before the first measure: a write that keeps
   * it within the budget needs no eviction pass (a key cursor over every entry, one step per entry, which took a
   * bulk batch's write longer than its 50 puts on a busy machine). Measured exactly at each pass; writes add to
   * it, deletes leave it (it stays an upper bound). This cache is the extension's only writer (the background's).
   */
  let bound: number | null = null;
  const grew = (bytes: number) => {
    if (bound !== null) bound += bytes;
  };
  const evict = async (tx: Tx<'readwrite'>, budgetBytes: number, keep: readonly Key[] | null) => {
    if (bound !== null && bound <= budgetBytes) return;
    bound = await evictUnpinned(tx, budgetBytes, keep, pinned);
  };
  const governed = (kind: CacheKind) => !KEPT_KINDS.has(kind);

  return {
    async get<T>(kind: CacheKind, key: string) {
      const stored = await db.get(STORE, [kind, key]);
      if (!stored) return null;
      const t = now();
      if (t - stored.lastUsed >= TOUCH_INTERVAL_MS) {
        stored.lastUsed = t;
        await touch(db, [kind, key], t);
      }
      return toEntry<T>(stored);
    },
    async peek<T>(kind: CacheKind, key: string) {
      const stored = await db.get(STORE, [kind, key]);
      return stored ? toEntry<T>(stored) : null;
    },
    async put<T>(kind: CacheKind, key: string, value: T) {
      const bytes = jsonByteLength(value);
      await inTx(db, 'readwrite', async (tx) => {
        if (bytes > budget && !KEPT_KINDS.has(kind)) {
          // Not stored; drop any older value too, so a get never returns something older than the last put.
          await tx.store.delete([kind, key]);
          return;
        }
        const t = now();
        await tx.store.put({ kind, key, value: stored(kind, value), storedAt: t, lastUsed: t, bytes });
        if (governed(kind)) grew(bytes);
        await evict(tx, budget, [[kind, key]]);
      });
    },
    async putMany(kind, entries) {
      const sized = entries.map((e) => ({ ...e, bytes: jsonByteLength(e.value) }));
      await inTx(db, 'readwrite', async (tx) => {
        const t = now();
        const kept: Key[] = [];
        // Asked for all at once: the transaction runs them in order, without a wait for each one's success.
        const writes = sized.map(({ key, value, bytes }) => {
          if (bytes > budget && governed(kind)) return tx.store.delete([kind, key]);
          kept.push([kind, key]);
          if (governed(kind)) grew(bytes);
          return tx.store.put({ kind, key, value: stored(kind, value), storedAt: t, lastUsed: t, bytes });
        });
        await Promise.all(writes);
        await evict(tx, budget, kept);
      });
    },
    async delete(kind, key) {
      await db.delete(STORE, [kind, key]);
    },
    async keys(kind, prefix) {
      const primaryKeys =
        prefix === undefined
          ? await db.getAllKeysFromIndex(STORE, 'kind', kind)
          : await db.getAllKeys(STORE, IDBKeyRange.bound([kind, prefix], [kind, `${prefix}\uffff`]));
      return primaryKeys.map(([, key]) => key);
    },
    async list() {
      const { entries } = await inTx(db, 'readonly', measure);
      return entries.map((e) => ({ kind: e.key[0] as CacheKind, key: e.key[1], bytes: e.bytes }));
    },
    async putAll(items) {
      const t = now();
      return inTx(db, 'readwrite', async (tx) => {
        const written: Written[] = [];
        let incoming = 0;
        for (const i of items) {
          const held = await tx.store.get([i.kind, i.key]);
          const previous = held ? toEntry(held).value : undefined;
          const value = i.from(previous);
          if (value === undefined) continue;
          const bytes = jsonByteLength(value);
          if (governed(i.kind)) incoming += bytes;
          // Thrown inside the transaction: it aborts, and nothing of the batch is kept.
          if (incoming > budget) throw new RangeError('The transcripts do not fit in the cache budget');
          await tx.store.put({
            kind: i.kind,
            key: i.key,
            value: stored(i.kind, value),
            storedAt: t,
            lastUsed: t,
            bytes,
          });
          if (governed(i.kind)) grew(bytes);
          written.push({ kind: i.kind, key: i.key, previous });
        }
        // Older entries make room; the ones just written are the most recently used, so they go last.
        await evict(tx, budget, null);
        return written;
      });
    },
    async deleteAll(keys) {
      await inTx(db, 'readwrite', async (tx) => {
        for (const k of keys) await tx.store.delete([k.kind, k.key]);
      });
    },
    async usage() {
      const { entries } = await inTx(db, 'readonly', measure);
      const sum = (list: typeof entries) => ({ entries: list.length, bytes: list.reduce((n, e) => n + e.bytes, 0) });
      const kept = sum(entries.filter((e) => KEPT_KINDS.has(e.key[0] as CacheKind)));
      const transcripts = sum(entries.filter((e) => e.key[0] === 'transcript'));
      const all = sum(entries);
      return { bytes: all.bytes, entries: all.entries, budgetBytes: budget, transcripts, kept };
    },
    async setBudget(bytes) {
      budget = checkBudget(bytes);
      await inTx(db, 'readwrite', (tx) => evict(tx, budget, null));
    },
    async clear() {
      await db.clear(STORE);
    },
    async clearKind(kind) {
      const keys = await db.getAllKeysFromIndex(STORE, 'kind', kind);
      await inTx(db, 'readwrite', async (tx) => {
        for (const key of keys) await tx.store.delete(key);
      });
    },
    close() {
      db.close();
    },
  };
}

type Key = [string, string];
type Tx<Mode extends IDBTransactionMode> = IDBPTransaction<CacheSchema, ['entries'], Mode>;

/** What a value is stored as: a transcript's cues packed (packed.ts); `bytes` stays the value's own JSON size. */
const stored = (kind: CacheKind, value: unknown): unknown => (kind === 'transcript' ? packTranscript(value) : value);

function toEntry<T>(entry: StoredEntry): CacheEntry<T> {
  const value = entry.kind === 'transcript' ? unpackTranscript(entry.value) : entry.value;
  return { value: value as T, storedAt: entry.storedAt, lastUsed: entry.lastUsed, bytes: entry.bytes };
}

function checkBudget(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Cache budget must be a byte count, got ${bytes}`);
  return bytes;
}

// Re-read inside the write transaction: a put may have replaced the value since our read.
function touch(db: CacheDb, key: Key, t: number): Promise<void> {
  return inTx(db, 'readwrite', async (tx) => {
    const current = await tx.store.get(key);
    if (current && current.lastUsed < t) await tx.store.put({ ...current, lastUsed: t });
  });
}

/** Runs body in one transaction and waits for the commit; a failing body aborts the whole transaction. */
async function inTx<Mode extends IDBTransactionMode, R>(
  db: CacheDb,
  mode: Mode,
  body: (tx: Tx<Mode>) => Promise<R>,
): Promise<R> {
  const tx = db.transaction(STORE, mode);
  tx.done.catch(() => {}); // the body's error is the one worth reporting
  try {
    const result = await body(tx);
    await tx.done;
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // already finished or aborted
    }
    throw error;
  }
}

/**
 * Total bytes and every primary key, least recently used first, from the index alone. A plain key cursor, not
 * idb's: its promise and proxy per step cost more than the step (the library lists every entry at each open).
 */
function measure(tx: Tx<IDBTransactionMode>): Promise<{ bytes: number; entries: Array<{ key: Key; bytes: number }> }> {
  const index = unwrap(tx.store.index('lru'));
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
    await tx.store.delete(entry.key);
    bytes -= entry.bytes;
  }
  return bytes;
}
