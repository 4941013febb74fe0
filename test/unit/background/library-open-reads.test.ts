import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { accountKey } from '../../../utils/account/key';
import { tokenItem } from '../../../utils/account/secrets';
import { jobStore } from '../../../utils/jobs/store';
import { jobRecord } from '../../builders';
import { savedTranscriptOf } from '../../library-builders';
import { countedLibrary } from './counted-library';
import { freshProfile } from './fresh-profile';

/**
 * The library's open reads the cache's every key only when something held changed since the catalog last
 * looked (the cache's change count, the account, its jobs): whoever made the change, and in a new worker too.
 */
const idOf = (i: number) => `tvaOpenRd${String(i).padStart(2, '0')}`;

const transcript = (videoId: string) => savedTranscriptOf(videoId, [`words of ${videoId}`]);

/** A worker over the profile's databases, the cache's `list()` (every key) counted. */
function worker() {
  const { core, library, count } = countedLibrary();
  const listed = async () => (await library.list()).items.map((i) => i.videoId).sort();
  /** Listed, and the search index caught up with it (its own catch-up may read the keys once). */
  const settled = async () => {
    const ids = await listed();
    await library.hits('words');
    return ids;
  };
  return { core, library, count, listed, settled };
}

/** A profile holding three videos, listed once by a worker that is then let go. */
async function profile() {
  await freshProfile();
  const { core, listed } = worker();
  for (const i of [0, 1, 2]) await core.keeper.put('transcript', `${idOf(i)}:en`, transcript(idOf(i)));
  expect(await listed()).toEqual([idOf(0), idOf(1), idOf(2)]);
}

describe('background: the library open, read only as far as something changed', () => {
  it('lists an unchanged library without reading the cache again, however long since', async () => {
    await profile();
    const { library, count, listed, settled } = worker();
    expect(await settled()).toHaveLength(3);
    const lists = count.lists;
    for (let i = 0; i < 3; i++) {
      expect(await listed()).toHaveLength(3);
      expect(await library.search('words')).toHaveLength(3);
    }
    expect(count.lists).toBe(lists);
  });

  it('a new worker takes the kept list as it is: no key read while nothing changed', async () => {
    await profile();
    const { count, listed } = worker();
    expect(await listed()).toEqual([idOf(0), idOf(1), idOf(2)]);
    expect(count.lists).toBe(0);
  });

  it("shows a bulk run's saves, a removal and an eviction at the next open, none of them announced", async () => {
    await profile();
    const { core, listed } = worker();
    await listed();
    const cache = await core.cache();
    // A bulk run's batch: one putMany, which tells the library nothing.
    await cache.putMany('transcript', [{ key: `${idOf(3)}:en`, value: transcript(idOf(3)) }]);
    expect(await listed()).toEqual([idOf(0), idOf(1), idOf(2), idOf(3)]);
    await cache.delete('transcript', `${idOf(1)}:en`);
    expect(await listed()).toEqual([idOf(0), idOf(2), idOf(3)]);
    await cache.setBudget(1);
    expect(await listed()).toEqual([]);
  });

  it('a new worker reads again what the last one changed but did not list, or a catalog that was lost', async () => {
    await profile();
    const before = worker();
    await before.core.keeper.put('transcript', `${idOf(4)}:en`, transcript(idOf(4)));
    const after = worker();
    expect(await after.listed()).toEqual([idOf(0), idOf(1), idOf(2), idOf(4)]);
    expect(after.count.lists).toBe(1);

    // The library's own database gone (it is derived: rebuilt from the cache), the cache unchanged.
    await new Promise((resolve) => {
      indexedDB.deleteDatabase('transcript-lens-library').onsuccess = resolve;
    });
    const fresh = worker();
    expect(await fresh.listed()).toEqual([idOf(0), idOf(1), idOf(2), idOf(4)]);
    expect(fresh.count.lists).toBe(1);
  });

  it("follows the account's jobs and another account, even with the cache unchanged", async () => {
    await profile();
    const { count, library, settled } = worker();
    await settled();
    const account = await accountKey('demo-pro-token');
    let lists = count.lists;
    await jobStore.put(jobRecord({ account, videoId: idOf(0), jobId: 7, status: 'processing', mode: 'deep' }));
    await settled();
    expect(count.lists).toBeGreaterThan(lists);
    lists = count.lists;
    await settled();
    expect(count.lists).toBe(lists);
    // Another account holds the same transcripts (everyone's) and none of this one's jobs.
    await tokenItem.setValue('demo-team-token');
    const other = await library.list();
    expect(count.lists).toBeGreaterThan(lists);
    expect(other.items).toHaveLength(3);
    expect(other.hasAccount).toBe(true);
  });

  it("answers a first screen: the newest few, with the whole list's count and size", async () => {
    await profile();
    const { library } = worker();
    const whole = await library.list();
    const first = await library.list(2);
    expect(first.items).toEqual(whole.items.slice(0, 2));
    expect(first.more).toEqual({ count: 3, bytes: whole.items.reduce((n, i) => n + i.bytes, 0) });
    expect(whole.more).toBeUndefined();
    expect((await library.list(3)).more).toBeUndefined();
  });
});
