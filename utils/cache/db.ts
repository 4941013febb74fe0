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

export const DB_VERSION = 1;
export const DEFAULT_DB_NAME = 'transcript-lens-cache';
export const STORE = 'entries';

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
}

export type CacheDb = IDBPDatabase<CacheSchema>;

function upgrade(db: IDBDatabase, oldVersion: number): void {
  if (oldVersion < 1) {
    const store = db.createObjectStore(STORE, { keyPath: ['kind', 'key'] });
    store.createIndex('lru', ['lastUsed', 'bytes']);
    store.createIndex('kind', 'kind');
  }
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
export type Tx<Mode extends IDBTransactionMode> = IDBPTransaction<CacheSchema, ['entries'], Mode>;

/** Runs body in one transaction and waits for the commit; a failing body aborts the whole transaction. */
export async function inTx<Mode extends IDBTransactionMode, R>(
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
