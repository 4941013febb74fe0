import 'fake-indexeddb/auto'; // idb recognises IndexedDB objects by the global classes
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Cache, openCache, TOUCH_INTERVAL_MS } from '../../utils/cache';

/** The cache's change count: what tells the library's list whether anything held changed since it last looked. */
let factory: IDBFactory;
let clock: number;
const open = (budgetBytes = 1_000_000) =>
  openCache({ indexedDB: factory, now: () => clock, dbName: 'changes', budgetBytes });

beforeEach(() => {
  factory = new IDBFactory();
  clock = 1_700_000_000_000;
});

/** Runs the step and says by how much it moved the count. */
async function moved(cache: Cache, step: () => Promise<unknown>): Promise<number> {
  const before = await cache.changes();
  await step();
  return (await cache.changes()) - before;
}

describe('the cache change count', () => {
  it('moves with every write that changes what is held, never with a read', async () => {
    const cache = await open();
    expect(await cache.changes()).toBe(0);
    expect(await moved(cache, () => cache.put('transcript', 'a:en', 'one'))).toBe(1);
    expect(await moved(cache, () => cache.putMany('transcript', [{ key: 'b:en', value: 'two' }]))).toBe(1);
    expect(await moved(cache, () => cache.putAll([{ kind: 'answers', key: 'x:1', from: () => ['yes'] }]))).toBe(1);
    expect(await moved(cache, () => cache.delete('transcript', 'b:en'))).toBe(1);
    expect(await moved(cache, () => cache.deleteAll([{ kind: 'answers', key: 'x:1' }]))).toBe(1);
    expect(await moved(cache, () => cache.clearKind('transcript'))).toBe(1);
    expect(await moved(cache, () => cache.put('meta', 'm', 1))).toBe(1);
    expect(await moved(cache, () => cache.clear())).toBe(1);

    await cache.put('transcript', 'c:en', 'three');
    clock += TOUCH_INTERVAL_MS * 2;
    // A get past the touch interval rewrites the entry's lastUsed: what is held stays the same.
    expect(await moved(cache, () => cache.get('transcript', 'c:en'))).toBe(0);
    expect(await moved(cache, () => cache.peek('transcript', 'c:en'))).toBe(0);
    expect(await moved(cache, () => Promise.all([cache.list(), cache.usage(), cache.keys('transcript')]))).toBe(0);
  });

  it('moves when a smaller budget evicts, and stays when a write is refused whole', async () => {
    const cache = await open(100);
    await cache.put('transcript', 'a:en', 'x'.repeat(40));
    clock += 1;
    await cache.put('transcript', 'b:en', 'x'.repeat(40));
    expect(await moved(cache, () => cache.setBudget(50))).toBe(1);
    expect((await cache.list()).map((e) => e.key)).toEqual(['b:en']);

    // An import whose transcripts do not fit is aborted: nothing written, nothing counted.
    const tooBig = [{ kind: 'transcript' as const, key: 'c:en', from: () => 'x'.repeat(80) }];
    expect(await moved(cache, () => cache.putAll(tooBig).catch(() => undefined))).toBe(0);
  });

  it('is kept on disk: a cache opened again (a new worker) reads the same count', async () => {
    const first = await open();
    await first.put('transcript', 'a:en', 'one');
    await first.put('transcript', 'b:en', 'two');
    first.close();
    const again = await open();
    expect(await again.changes()).toBe(2);
    await again.delete('transcript', 'a:en');
    expect(await again.changes()).toBe(3);
  });

  it('upgrades a first-version database: its entries kept, the count from zero', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = factory.open('changes', 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore('entries', { keyPath: ['kind', 'key'] });
        store.createIndex('lru', ['lastUsed', 'bytes']);
        store.createIndex('kind', 'kind');
        store.put({ kind: 'transcript', key: 'old:en', value: 'kept', storedAt: 1, lastUsed: 1, bytes: 6 });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const cache = await open();
    expect(await cache.changes()).toBe(0);
    expect(await cache.peek('transcript', 'old:en')).toMatchObject({ value: 'kept' });
    await cache.put('transcript', 'new:en', 'added');
    expect(await cache.changes()).toBe(1);
  });
});
