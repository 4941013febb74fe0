// The cache database's schema, versioned: bump DB_VERSION and add a step to `upgrade` to change it.
import { type DBSchema, type IDBPDatabase, wrap } from 'idb';

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
