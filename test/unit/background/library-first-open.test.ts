import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../entrypoints/background/core/core';
import { SLICE } from '../../../entrypoints/background/library/catalog-sync';
import { createLibrary } from '../../../entrypoints/background/library/library';
import type { LibraryList } from '../../../utils/library/replies';
import { freshProfile } from './fresh-profile';

/** A library never listed, larger than one slice: listed at once, read and indexed afterwards, searchable meanwhile. */
const VIDEOS = SLICE * 2 + 10;
const idOf = (n: number) => `first${String(n).padStart(6, '0')}`;

const transcript = (n: number) => ({
  status: 'ok',
  videoId: idOf(n),
  fetchedAt: 1_000 + n,
  title: `Talk ${n}`,
  author: 'Chan',
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: `word${n} shared`,
  segments: [
    { text: `word${n}`, start: 0, duration: 10 },
    { text: 'shared', start: 10, duration: 10 },
  ],
});

async function libraryOf(videos: number) {
  await freshProfile();
  const core = createCore();
  const entries = Array.from({ length: videos }, (_, n) => ({ key: `${idOf(n)}:en`, value: transcript(n) }));
  await core.keeper.putMany('transcript', entries);
  return createLibrary(core);
}

describe('background: the first open of a large library', () => {
  it('lists every video at once, reports the reading and the indexing, and searches what is indexed meanwhile', async () => {
    const library = await libraryOf(VIDEOS);

    const first = await library.list();
    expect(first.items).toHaveLength(VIDEOS);
    expect(first.progress?.reading).toEqual({ done: 0, total: VIDEOS });
    expect(first.items.every((i) => i.pending && i.title === null && i.transcript?.tracks === 1)).toBe(true);
    // The search answers at once while the catalog is read, over nothing indexed yet.
    expect(await library.search('shared')).toEqual([]);

    const seen: LibraryList[] = [first];
    let last = first;
    for (let i = 0; i < 2_000 && last.progress; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      last = await library.list();
      seen.push(last);
    }
    expect(last.progress).toBeUndefined();
    expect(last.items.map((i) => i.title)).toEqual(Array.from({ length: VIDEOS }, (_, n) => `Talk ${VIDEOS - 1 - n}`));
    expect(last.items.some((i) => i.pending)).toBe(false);
    // Between the two: some titles read while others were still pending, then the indexing counted up.
    expect(
      seen.some((l) => l.progress?.reading && l.items.some((i) => i.pending) && l.items.some((i) => !i.pending)),
    ).toBe(true);
    const indexing = seen.flatMap((l) => (l.progress?.indexing ? [l.progress.indexing.done] : []));
    expect(indexing.length).toBeGreaterThan(0);
    expect(indexing.every((done) => done <= VIDEOS)).toBe(true);
    expect(seen.flatMap((l) => (l.progress?.indexing ? [l.progress.indexing.total] : []))).toContain(VIDEOS);

    expect((await library.search(`word${VIDEOS - 1}`))[0]?.videoId).toBe(idOf(VIDEOS - 1));
    expect(await library.search('shared', undefined, 1000)).toHaveLength(VIDEOS);
  });

  it('a search during the indexing answers at once with the videos indexed so far; the channel search waits for all', async () => {
    const library = await libraryOf(VIDEOS);
    let list = await library.list();
    while (list.progress?.reading) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      list = await library.list();
    }
    // The catalog is read; the index catches up in the background.
    const partial = await library.search('shared', undefined, 1000);
    expect(partial.length).toBeLessThan(VIDEOS);
    const full = await library.hits('shared', { limit: 1000 });
    expect(full).toHaveLength(VIDEOS);
  });

  it('a few new videos are read and indexed before the list and the search answer', async () => {
    const library = await libraryOf(SLICE);
    const list = await library.list();
    expect(list.progress).toBeUndefined();
    expect(list.items.some((i) => i.pending)).toBe(false);
    expect(await library.search('shared', undefined, 1000)).toHaveLength(SLICE);
  });
});
