// The cache database's schema, versioned: bump DB_VERSION and add a step to `upgrade` to change it.
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, wrap } from 'idb';

export type CacheKind = 'transcript' | 'analysis' | 'answers' | 'meta';

export interface StoredEntry {
  kind: CacheKind;
  key: string;
  value: unknown;
  storedAt: number;
  lastUsed: number;
  bytes: number;
}

export const DB_VERSION = 2;
export const DEFAULT_DB_NAME = 'transcript-lens-cache';
export const STORE = 'entries';
/** The store of the change count: one number under CHANGE_COUNT, moved by every write transaction. */
export const CHANGES = 'changes';
export const CHANGE_COUNT = 'count';

export interface CacheSchema extends DBSchema {
  entries: {
    key: [string, string]; // [kind, key]
    value: StoredEntry;
    indexes: {
      // LRU order; bytes rides along so usage and eviction read index keys only, never the cached values.
      lru: [number, number]; // [lastUsed, bytes]
      kind: string;
    };
  };
  changes: { key: string; value: number };
}

export type CacheDb = IDBPDatabase<CacheSchema>;

function upgrade(db: IDBDatabase, oldVersion: number): void {
  if (oldVersion < 1) {
    const store = db.createObjectStore(STORE, { keyPath: ['kind', 'key'] });
    store.createIndex('lru', ['lastUsed', 'bytes']);
    store.createIndex('kind', 'kind');
  }
  // 2: the change count, so a reader (the library's list) knows whether anything was written since it last looked.
  if (oldVersion < 2) db.createObjectStore(CHANGES);
}

/** Opens through the given factory (tests pass a fresh fake one), then hands the database to idb. */
export function openCacheDb(factory: IDBFactory, name: string): Promise<CacheDb> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      // Never hold up a newer version opened elsewhere (an updated extension): let go and fail later calls.
      db.onversionchange = () => db.close();
      // idb types wrap() without a schema; the schema is the one upgrade() just made.
      resolve(wrap(db) as CacheDb);
    };
  });
}

/** An entry's primary key: [kind, key]. */
export type Key = [string, string];
export type Tx<Mode extends IDBTransactionMode> = IDBPTransaction<CacheSchema, ['entries', 'changes'], Mode>;

/** The entries' store of a transaction. */
export const entriesOf = <Mode extends IDBTransactionMode>(tx: Tx<Mode>) => tx.objectStore(STORE);

/** Moves the change count by one within the transaction: it commits or aborts with the write it counts. */
async function countChange(tx: Tx<'readwrite'>): Promise<void> {
  const changes = tx.objectStore(CHANGES);
  await changes.put(((await changes.get(CHANGE_COUNT)) ?? 0) + 1, CHANGE_COUNT);
}

/** The change count: it moves with every write to the entries (a mere read's `lastUsed` aside), never back. */
export async function changeCount(db: CacheDb): Promise<number> {
  return (await db.get(CHANGES, CHANGE_COUNT)) ?? 0;
}

/** Counted write transactions this realm (the worker) ended, committed or not; see `writesEnded`. */
let ended = 0;

/**
 * How many counted writes this worker's cache ended, committed or not: it moves after each, in memory. The cache is
 * the background's alone, so while this stands still since a reader read the change count, that count stands
 * too, and the reader may skip reading it (the library's search: entrypoints/background/library/catalog-sync.ts).
 */
export const writesEnded = (): number => ended;

/**
 * Runs body in one transaction and waits for the commit; a failing body aborts the whole transaction. A
 * read-write one moves the change count with it, unless `counted` is false (a read marking what it used).
 */
export async function inTx<Mode extends IDBTransactionMode, R>(
  db: CacheDb,
  mode: Mode,
  body: (tx: Tx<Mode>) => Promise<R>,
  counted = true,
): Promise<R> {
  const tx = db.transaction([STORE, CHANGES], mode);
  tx.done.catch(() => {}); // the body's error is the one worth reporting
  try {
    // Asked first, so its requests run before the body's; the body's error, if any, is the one reported.
    const counting = mode === 'readwrite' && counted ? countChange(tx as Tx<'readwrite'>) : null;
    counting?.catch(() => {});
    const result = await body(tx);
    await counting;
    await tx.done;
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // already finished or aborted
    }
    throw error;
  } finally {
    if (mode === 'readwrite' && counted) ended++;
  }
}
