import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPassageCache } from '../../../entrypoints/background/library/passage-cache';
import { openLibraryStore } from '../../../entrypoints/background/library/store';

/**
 * The store keeps the passages it read last (the page asks a search's first screen, then all of it): what it
 * answers from memory is what the disk holds, a video written or dropped since included.
 */
describe('the passages read lately', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('answers a passage read again from memory, the same text and marks', async () => {
    const store = openLibraryStore();
    await store.writePassages('videoAAAAAA', [{ text: 'first words', marks: [0, 5] }, { text: 'second' }]);
    const refs = [
      { videoId: 'videoAAAAAA', n: 1 },
      { videoId: 'videoAAAAAA', n: 0 },
    ];
    const first = await store.passages(refs);
    // Gone from disk behind the store's back: only memory can answer now.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('transcript-lens-library');
      open.onsuccess = () => {
        const tx = open.result.transaction('passages', 'readwrite');
        tx.objectStore('passages').clear();
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      };
    });
    const again = await store.passages(refs);
    expect(again).toEqual(first);
    expect(again.map((p) => p?.text)).toEqual(['second', 'first words']);
    expect(Array.from(again[1]?.marks ?? [])).toEqual([0, 5]);
  });

  it('reads a video written or dropped since from disk, not its older text', async () => {
    const store = openLibraryStore();
    const ref = { videoId: 'videoAAAAAA', n: 0 };
    await store.writePassages('videoAAAAAA', [{ text: 'old words' }]);
    expect((await store.passages([ref]))[0]?.text).toBe('old words');
    await store.writePassages('videoAAAAAA', [{ text: 'new words' }]);
    expect((await store.passages([ref]))[0]?.text).toBe('new words');
    await store.dropPassages(['videoAAAAAA']);
    expect(await store.passages([ref])).toEqual([undefined]);
    await store.writePassages('videoAAAAAA', [{ text: 'back again' }]);
    await store.passages([ref]);
    await store.dropPassages();
    expect(await store.passages([ref])).toEqual([undefined]);
  });

  it('keeps no read begun before a write, and only the most recent `room` passages', () => {
    const cache = createPassageCache(2);
    const since = cache.epoch();
    cache.forget(['videoBBBBBB']);
    cache.put(since, 'videoAAAAAA', 0, { text: 'read before the write', marks: null });
    expect(cache.get('videoAAAAAA', 0)).toBeUndefined();

    const now = cache.epoch();
    cache.put(now, 'videoAAAAAA', 0, { text: 'a', marks: null });
    cache.put(now, 'videoAAAAAA', 1, { text: 'b', marks: null });
    expect(cache.get('videoAAAAAA', 0)?.text).toBe('a');
    cache.put(now, 'videoAAAAAA', 2, { text: 'c', marks: null });
    // 1 was the least recent (0 was read after it).
    expect(cache.get('videoAAAAAA', 1)).toBeUndefined();
    expect(cache.get('videoAAAAAA', 0)?.text).toBe('a');
    expect(cache.get('videoAAAAAA', 2)?.text).toBe('c');
    // A video whose id starts another's leaves the other's passages kept.
    cache.forget(['videoAAAAA']);
    expect(cache.get('videoAAAAAA', 2)?.text).toBe('c');
  });
});
