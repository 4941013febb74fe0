import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../entrypoints/background/core/core';
import { createLibrary } from '../../../entrypoints/background/library/library';
import { openLibraryStore } from '../../../entrypoints/background/library/store';
import type { Cache } from '../../../utils/cache';
import {
  type EngineSnapshot,
  INDEX_PASSAGE_SECONDS,
  SearchEngine,
  type SearchHit,
  transcriptPassages,
  type VideoDocs,
  videoDoc,
} from '../../../utils/search';
import { type BenchTranscript, benchQueries, generateLibrary } from '../../bench/library-data';
import { OracleEngine } from '../../search-oracle/engine';
import { freshProfile } from './fresh-profile';

/**
 * The library's index keeps its passages' texts on disk (store.ts), read only for the results returned: what
 * it finds is what the in-memory index finds, a worker stopped while indexing leaves nothing wrong behind, and
 * an index it cannot read is rebuilt from the saved transcripts, nothing bought.
 */
const VIDEOS = 14;
const { transcripts, vocab } = generateLibrary(VIDEOS);
const saved = (t: BenchTranscript) => ({ key: `${t.videoId}:en`, value: { status: 'ok', fetchedAt: 1, ...t } });

async function coreWith(videos: readonly BenchTranscript[]) {
  await freshProfile();
  const core = createCore();
  await core.keeper.putMany('transcript', videos.map(saved));
  return core;
}

/** What the library indexes of a saved transcript (catalog.ts docsOf). */
const docsOf = (t: BenchTranscript): VideoDocs => ({
  videoId: t.videoId,
  title: t.title,
  channel: t.author,
  docs: [videoDoc(t.title, t.author), ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS, 'en')],
});

/** The same videos in the engine as it was, everything in memory (test/search-oracle/): the reference. */
function inMemory(videos: readonly BenchTranscript[]): OracleEngine {
  const engine = OracleEngine.create();
  for (const t of videos) engine.setVideo(docsOf(t));
  return engine;
}

/** Hits in one order whatever order the videos were indexed in (ties are broken by the order of indexing). */
const sorted = (hits: readonly SearchHit[]) =>
  [...hits].sort(
    (a, b) => b.score - a.score || a.videoId.localeCompare(b.videoId) || (a.start ?? -1) - (b.start ?? -1),
  );

/** Lists until the catalog is read and the index caught up. */
async function settled(library: ReturnType<typeof createLibrary>): Promise<void> {
  let list = await library.list();
  for (let i = 0; i < 2_000 && list.progress; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    list = await library.list();
  }
  expect(list.progress).toBeUndefined();
}

/** The cache, its reads of values counted; after `reads` of them every read waits forever, as in a stopped worker. */
function counted(cache: Cache, reads: number) {
  let count = 0;
  const peek: Cache['peek'] = (kind, key) => (count++ < reads ? cache.peek(kind, key) : new Promise(() => undefined));
  return { cache: Object.assign(Object.create(cache) as Cache, { peek }), count: () => count };
}

/** Those of the videos whose texts the index keeps. */
async function indexedOf(videos: readonly BenchTranscript[]): Promise<BenchTranscript[]> {
  const texts = await openLibraryStore().passages(videos.map((t) => ({ videoId: t.videoId, n: 0 })));
  return videos.filter((_, i) => texts[i] !== undefined);
}

// Each test indexes the videos twice over (hundreds of passages): room for a slow, shared machine.
describe('background: the library index on disk', { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('finds what the in-memory index finds on the bench queries: the same hits, scores, texts and marks', async () => {
    const library = createLibrary(await coreWith(transcripts));
    await settled(library);
    const reference = inMemory(transcripts);
    const found: number[] = [];
    for (const { query } of benchQueries(vocab, transcripts)) {
      const all = await library.hits(query, { limit: 100_000 });
      found.push(all.length);
      expect(sorted(all), query).toEqual(sorted(reference.search(query, { limit: 100_000 })));
      const shown = await library.hits(query, { limit: 100 });
      const scores = reference.search(query, { limit: 100 }).map((h) => h.score);
      expect(
        shown.map((h) => h.score),
        query,
      ).toEqual(scores);
    }
    // Most queries find something, some more than a page: the comparison covers the ranking, not a few hits.
    expect(found.filter((n) => n > 0).length).toBeGreaterThan(found.length / 2);
    expect(found.filter((n) => n > 100).length).toBeGreaterThan(2);
  });

  it('a worker stopped mid-index: the next completes it, from the last snapshot, every result with its own text', async () => {
    for (const withSnapshot of [false, true]) {
      const core = await coreWith(transcripts);
      // The first worker reads every video for the catalog, then indexes 5 and is stopped at the sixth.
      const stopping = counted(await core.cache(), VIDEOS + 5);
      const first = createLibrary({ ...core, cache: async () => stopping.cache });
      void first.list();
      const store = openLibraryStore();
      let done: BenchTranscript[] = [];
      for (let i = 0; i < 2_000 && done.length < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        done = await indexedOf(transcripts);
      }
      expect(done).toHaveLength(5);
      if (withSnapshot) {
        // The snapshot an earlier quiet spell wrote of those 5 (its catalog's signatures): the next worker resumes.
        const records = new Map((await store.catalog()).map((r) => [r.videoId, r.signature]));
        const earlier = SearchEngine.create({ keepsText: false });
        for (const t of done) earlier.setVideo(docsOf(t), records.get(t.videoId));
        await store.writeSnapshot(earlier.toSnapshot());
      }
      const fetched = vi.spyOn(globalThis, 'fetch');

      const reads = counted(await core.cache(), Number.POSITIVE_INFINITY);
      const next = createLibrary({ ...core, cache: async () => reads.cache });
      await settled(next);
      const reference = inMemory(transcripts);
      for (const { query } of benchQueries(vocab, transcripts).slice(0, 6)) {
        const all = await next.hits(query, { limit: 100_000 });
        expect(sorted(all), query).toEqual(sorted(reference.search(query, { limit: 100_000 })));
      }
      // The catalog was kept: the next worker read only the videos its index lacked.
      expect(reads.count()).toBe(withSnapshot ? VIDEOS - 5 : VIDEOS);
      expect(await indexedOf(transcripts)).toHaveLength(VIDEOS);
      expect(fetched).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    }
  });

  it('an unreadable or older index is rebuilt from the saved transcripts, its old texts dropped, nothing bought', async () => {
    const videos = transcripts.slice(0, 3);
    const word = benchQueries(vocab, videos)[0]?.query ?? '';
    const filled = <E extends SearchEngine | OracleEngine>(engine: E): E => {
      for (const t of videos) engine.setVideo(docsOf(t), 'an older reading');
      return engine;
    };
    const now = filled(SearchEngine.create({ keepsText: false })).toSnapshot();
    const { postings, docs } = now;
    const unreadable = [
      { ...now, videos: 'seven' },
      { ...now, version: 4 },
      // The index as the version before this one wrote it (its postings two typed arrays a term).
      filled(OracleEngine.create({ keepsText: false })).toSnapshot(),
      { ...now, keepsText: true },
      // Corrupt: coded postings cut short, counts or columns that do not add up.
      { ...now, postings: { ...postings, data: postings.data.subarray(0, postings.data.length - 3) } },
      { ...now, postings: { ...postings, counts: new Uint32Array([5]) } },
      { ...now, docs: { ...docs, length: docs.length.subarray(1) } },
    ];
    for (const snapshot of unreadable) {
      const core = await coreWith(videos);
      const store = openLibraryStore();
      await store.writeSnapshot(snapshot as unknown as EngineSnapshot);
      // A text an older index kept for the first video, which the rebuilt index must not show.
      await store.writePassages(videos[0]?.videoId ?? '', [{ text: 'stale words', marks: [] }]);
      await store.writePassages('goneVideo01', [{ text: 'stale words', marks: [] }]);
      const fetched = vi.spyOn(globalThis, 'fetch');

      const library = createLibrary(core);
      await settled(library);
      const hits = await library.hits(word, { limit: 100_000 });
      expect(sorted(hits)).toEqual(sorted(inMemory(videos).search(word, { limit: 100_000 })));
      expect(hits.length).toBeGreaterThan(0);
      expect(await library.hits('stale')).toEqual([]);
      expect(await store.passages([{ videoId: 'goneVideo01', n: 0 }])).toEqual([undefined]);
      expect(fetched).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    }
  });
});
