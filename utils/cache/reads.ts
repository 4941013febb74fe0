// What the cache answers: entries, keys and its usage. Only `get` is a use (it marks the entry recently used).
import { type CacheDb, type CacheKind, changeCount, inTx, STORE, type StoredEntry } from './db';
import { type Budget, KEPT_KINDS, measure, TOUCH_INTERVAL_MS, touch } from './lru';
import { toEntry } from './packed';
import type { Cache, CacheEntry } from './types';

const asStored = (stored: StoredEntry | undefined): CacheEntry<unknown> | null =>
  stored ? { value: stored.value, storedAt: stored.storedAt, lastUsed: stored.lastUsed, bytes: stored.bytes } : null;

export function cacheReads(
  db: CacheDb,
  now: () => number,
  budget: Budget,
): Pick<Cache, 'get' | 'peek' | 'peekStored' | 'keys' | 'list' | 'usage' | 'changes'> {
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
    async peekStored(keys) {
      // One transaction, every read asked before the first answer: one get a transaction each waited per entry.
      const tx = db.transaction(STORE, 'readonly');
      return (await Promise.all(keys.map(({ kind, key }) => tx.store.get([kind, key])))).map(asStored);
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
    changes: () => changeCount(db),
    async usage() {
      const { entries } = await inTx(db, 'readonly', measure);
      const sum = (list: typeof entries) => ({ entries: list.length, bytes: list.reduce((n, e) => n + e.bytes, 0) });
      const kept = sum(entries.filter((e) => KEPT_KINDS.has(e.key[0] as CacheKind)));
      const transcripts = sum(entries.filter((e) => e.key[0] === 'transcript'));
      const all = sum(entries);
      return { bytes: all.bytes, entries: all.entries, budgetBytes: budget.bytes, transcripts, kept };
    },
  };
}
