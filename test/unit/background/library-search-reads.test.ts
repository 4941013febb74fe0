import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCore } from '../../../entrypoints/background/core/core';
import { createLibrary } from '../../../entrypoints/background/library/library';
import { accountKey } from '../../../utils/account/key';
import { tokenItem } from '../../../utils/account/secrets';
import type { Cache } from '../../../utils/cache';
import { jobStore } from '../../../utils/jobs/store';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { jobRecord } from '../../builders';
import { savedTranscriptOf } from '../../library-builders';

/**
 * The library's search reads nothing of the cache's state while this worker has seen nothing move since its
 * last look (catalog-sync.ts `current`): no change count, no jobs. Whatever moved is found by the next search.
 */
const idOf = (i: number) => `tvaSrchRd${String(i).padStart(2, '0')}`;
const transcript = (videoId: string, words = 'marigold lanterns') => savedTranscriptOf(videoId, [words]);

/** A worker over a fresh profile holding three videos, the cache's change count reads counted. */
async function worker() {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  await settingsItem.setValue({ ...DEFAULT_SETTINGS });
  await tokenItem.setValue('demo-pro-token');
  const core = createCore();
  const count = { changes: 0 };
  const counted = async (): Promise<Cache> => {
    const cache = await core.cache();
    return {
      ...cache,
      changes: () => {
        count.changes++;
        return cache.changes();
      },
    };
  };
  const library = createLibrary({ ...core, cache: counted });
  for (const i of [0, 1, 2]) await core.keeper.put('transcript', `${idOf(i)}:en`, transcript(idOf(i)));
  const found = async (query: string) => [...new Set((await library.search(query)).map((h) => h.videoId))].sort();
  expect(await found('marigold')).toEqual([idOf(0), idOf(1), idOf(2)]);
  return { core, library, count, found };
}

describe('background: the library search, reading no state while nothing moved', () => {
  it('searches an unchanged library without reading the change count or the jobs again', async () => {
    const { count, found } = await worker();
    const reads = count.changes;
    for (let i = 0; i < 5; i++) expect(await found('lanterns')).toHaveLength(3);
    expect(count.changes).toBe(reads);
  });

  it("finds at the next search a bulk run's save and a changed transcript, none of them announced", async () => {
    const { core, count, found } = await worker();
    const cache = await core.cache();
    const reads = count.changes;
    // A bulk run's batch: one putMany, which tells the library nothing.
    await cache.putMany('transcript', [{ key: `${idOf(3)}:en`, value: transcript(idOf(3)) }]);
    expect(await found('marigold')).toEqual([idOf(0), idOf(1), idOf(2), idOf(3)]);
    expect(count.changes).toBeGreaterThan(reads);
    await cache.putMany('transcript', [{ key: `${idOf(1)}:en`, value: transcript(idOf(1), 'quince orchard') }]);
    expect(await found('quince')).toEqual([idOf(1)]);
    expect(await found('marigold')).toEqual([idOf(0), idOf(2), idOf(3)]);
  });

  it('no longer finds a removed or evicted video at the next search', async () => {
    const { core, found } = await worker();
    const cache = await core.cache();
    await cache.delete('transcript', `${idOf(1)}:en`);
    expect(await found('marigold')).toEqual([idOf(0), idOf(2)]);
    await cache.setBudget(1);
    expect(await found('marigold')).toEqual([]);
  });

  it("reads again after a job's write or a storage change, then stands still", async () => {
    const { count, found } = await worker();
    const account = await accountKey('demo-pro-token');
    let reads = count.changes;
    await jobStore.put(jobRecord({ account, videoId: idOf(0), jobId: 7, status: 'processing', mode: 'deep' }));
    await found('marigold');
    expect(count.changes).toBeGreaterThan(reads);
    reads = count.changes;
    // A page clearing or writing storage (another context: heard, not counted here).
    await fakeBrowser.storage.local.set({ somethingElse: 1 });
    await found('marigold');
    expect(count.changes).toBeGreaterThan(reads);
    reads = count.changes;
    await found('marigold');
    expect(count.changes).toBe(reads);
  });
});
