import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogFollower, CatalogSync } from '../../../entrypoints/background/library/catalog-sync';
import type { Sources } from '../../../entrypoints/background/library/holdings';
import { createSearchIndex, PERSIST_AFTER_MS } from '../../../entrypoints/background/library/search-index';
import type { CatalogRecord, LibraryStore } from '../../../entrypoints/background/library/store';
import type { Cache } from '../../../utils/cache';
import { ID, itemOf } from '../../library-builders';

/**
 * The index's snapshot is written once the library has been quiet for a while: packing it holds the worker, so
 * neither a search nor a listing (a page opening) may meet it.
 */
function indexWithFakes() {
  const written: unknown[] = [];
  const store = {
    catalog: async () => [],
    writeCatalog: async () => undefined,
    snapshot: async () => undefined,
    writeSnapshot: async (snapshot: unknown) => {
      written.push(snapshot);
    },
    writePassages: async () => undefined,
    dropPassages: async () => undefined,
    passages: async () => [],
  } satisfies LibraryStore;
  let follower: CatalogFollower | null = null;
  const state = { account: '', records: new Map<string, CatalogRecord>() };
  const catalog = {
    sync: async () => state,
    follow: (next: CatalogFollower) => {
      follower = next;
    },
    isReading: () => false,
    readingStarts: () => ({ promise: new Promise<void>(() => undefined), cancel: () => undefined }),
    lastKnown: () => state,
  } as unknown as CatalogSync;
  const notes = { summaries: async () => new Map(), ofVideos: async () => new Map() };
  const index = createSearchIndex({ cache: async () => ({}) as Cache, store, catalog, notes });
  const record: CatalogRecord = { videoId: ID, signature: 'v1', item: itemOf({ analysis: null, questions: null }) };
  const sources = {
    holding: { videoId: ID, transcripts: [], analysis: null, answers: null, job: null },
    transcripts: [],
    analysis: null,
    answers: null,
  } as unknown as Sources;
  /** A small sync stored the video and wrote its change: the snapshot is due after a quiet spell. */
  const changed = () => {
    follower?.put(record, sources, '');
    follower?.written();
  };
  return { index, written, changed };
}

describe('background: the library index snapshot', () => {
  afterEach(() => vi.useRealTimers());

  it('is written after a quiet spell, put off by each listing of the library', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { index, written, changed } = indexWithFakes();
    index.warm();
    await vi.advanceTimersByTimeAsync(0);
    changed();
    await vi.advanceTimersByTimeAsync(PERSIST_AFTER_MS - 1_000);
    // A page opens: its listing warms the index, and the write waits for the next quiet spell.
    index.warm();
    await vi.advanceTimersByTimeAsync(PERSIST_AFTER_MS - 1_000);
    expect(written).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toHaveLength(1);
  });

  it('is not written when nothing changed, however often the library is listed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { index, written } = indexWithFakes();
    index.warm();
    await vi.advanceTimersByTimeAsync(PERSIST_AFTER_MS * 2);
    index.warm();
    await vi.advanceTimersByTimeAsync(PERSIST_AFTER_MS * 2);
    expect(written).toHaveLength(0);
  });
});
