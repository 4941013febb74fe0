import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeCount, openCacheDb } from '../../utils/cache/db';
import type { BenchIdb, IdbWorld } from '../bench/worker-idb';

/**
 * The bench's IndexedDB helpers (test/bench/worker-idb-global.js), evaluated as the worker evaluates them, against the
 * cache's own schema: its writes move the change count the library reads, as the extension's do.
 */
const SOURCE = readFileSync(new URL('../bench/worker-idb-global.js', import.meta.url), 'utf8');
const world = globalThis as unknown as Partial<IdbWorld>;
const install = (): BenchIdb => {
  new Function(SOURCE)();
  if (!world.__tlBenchIdb) throw new Error('not installed');
  return world.__tlBenchIdb;
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  delete world.__tlBenchIdb;
});

describe('the bench’s IndexedDB helpers in the worker', () => {
  it('are one global, evaluated again without being made again', () => {
    const first = install();
    expect(install()).toBe(first);
  });

  it('write in a transaction that moves the cache’s change count, as the extension’s writes do', async () => {
    const made = await openCacheDb(indexedDB, 'transcript-lens-cache');
    const before = await changeCount(made);
    made.close();
    const idb = install();
    const db = await idb.open('transcript-lens-cache');
    const tx = idb.counted(db);
    tx.objectStore('entries').put({ kind: 'meta', key: 'k', value: 1, storedAt: 0, lastUsed: 0, bytes: 1 });
    await idb.done(tx);
    const index = db.transaction('entries', 'readonly').objectStore('entries').index('kind');
    expect(await idb.result(index.count('meta'))).toBe(1);
    db.close();
    const again = await openCacheDb(indexedDB, 'transcript-lens-cache');
    expect(await changeCount(again)).toBe(before + 1);
    again.close();
  });

  it('open a missing database only when asked to make it, and drop one', async () => {
    const idb = install();
    expect(await idb.openIfThere('transcript-lens-library')).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([]);
    (await idb.open('transcript-lens-library')).close();
    const there = await idb.openIfThere('transcript-lens-library');
    expect(there?.name).toBe('transcript-lens-library');
    there?.close();
    await idb.drop('transcript-lens-library');
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual([]);
  });
});
