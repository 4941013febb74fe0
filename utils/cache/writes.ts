// What the cache stores and removes: each write within one transaction, followed by the budget's eviction.
import { type CacheDb, type CacheKind, entriesOf, inTx, type Key, STORE } from './db';
import { type Budget, checkBudget, governed, KEPT_KINDS } from './lru';
import { stored, toEntry } from './packed';
import { jsonByteLength } from './size';
import type { Cache, Written } from './types';

export function cacheWrites(
  db: CacheDb,
  now: () => number,
  budget: Budget,
): Omit<Cache, 'get' | 'peek' | 'peekStored' | 'keys' | 'list' | 'usage' | 'changes' | 'close'> {
  return {
    async put<T>(kind: CacheKind, key: string, value: T) {
      const bytes = jsonByteLength(value);
      await inTx(db, 'readwrite', async (tx) => {
        if (bytes > budget.bytes && !KEPT_KINDS.has(kind)) {
          // Not stored; drop any older value too, so a get never returns something older than the last put.
          await entriesOf(tx).delete([kind, key]);
          return;
        }
        const t = now();
        await entriesOf(tx).put({ kind, key, value: stored(kind, value), storedAt: t, lastUsed: t, bytes });
        budget.grew(kind, bytes);
        await budget.evict(tx, [[kind, key]]);
      });
    },
    async putMany(kind, entries) {
      const sized = entries.map((e) => ({ ...e, bytes: jsonByteLength(e.value) }));
      await inTx(db, 'readwrite', async (tx) => {
        const t = now();
        const kept: Key[] = [];
        // Asked for all at once: the transaction runs them in order, without a wait for each one's success.
        const writes = sized.map(({ key, value, bytes }) => {
          if (bytes > budget.bytes && governed(kind)) return entriesOf(tx).delete([kind, key]);
          kept.push([kind, key]);
          budget.grew(kind, bytes);
          return entriesOf(tx).put({ kind, key, value: stored(kind, value), storedAt: t, lastUsed: t, bytes });
        });
        await Promise.all(writes);
        await budget.evict(tx, kept);
      });
    },
    async delete(kind, key) {
      await inTx(db, 'readwrite', (tx) => entriesOf(tx).delete([kind, key]));
    },
    putAll: (items) => putAll(db, now(), budget, items),
    async deleteAll(keys) {
      await inTx(db, 'readwrite', async (tx) => {
        for (const k of keys) await entriesOf(tx).delete([k.kind, k.key]);
      });
    },
    async setBudget(bytes) {
      budget.bytes = checkBudget(bytes);
      await inTx(db, 'readwrite', (tx) => budget.evict(tx, null));
    },
    async clear() {
      await inTx(db, 'readwrite', (tx) => entriesOf(tx).clear());
    },
    async clearKind(kind) {
      const keys = await db.getAllKeysFromIndex(STORE, 'kind', kind);
      await inTx(db, 'readwrite', async (tx) => {
        for (const key of keys) await entriesOf(tx).delete(key);
      });
    },
  };
}

/** An import's all-or-nothing write: each value made from what its key holds then; see Cache.putAll. */
function putAll(db: CacheDb, t: number, budget: Budget, items: Parameters<Cache['putAll']>[0]): Promise<Written[]> {
  return inTx(db, 'readwrite', async (tx) => {
    const written: Written[] = [];
    let incoming = 0;
    for (const i of items) {
      const held = await entriesOf(tx).get([i.kind, i.key]);
      const previous = held ? toEntry(held).value : undefined;
      const value = i.from(previous);
      if (value === undefined) continue;
      const bytes = jsonByteLength(value);
      if (governed(i.kind)) incoming += bytes;
      // Thrown inside the transaction: it aborts, and nothing of the batch is kept.
      if (incoming > budget.bytes) throw new RangeError('The transcripts do not fit in the cache budget');
      await entriesOf(tx).put({
        kind: i.kind,
        key: i.key,
        value: stored(i.kind, value),
        storedAt: t,
        lastUsed: t,
        bytes,
      });
      budget.grew(i.kind, bytes);
      written.push({ kind: i.kind, key: i.key, previous });
    }
    // Older entries make room; the ones just written are the most recently used, so they go last.
    await budget.evict(tx, null);
    return written;
  });
}
