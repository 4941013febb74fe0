import type { Cache } from '../../../utils/cache';
import type { LibraryHit } from '../../../utils/library/replies';
import {
  excerpt,
  hitOf,
  matchSpans,
  momentAt,
  type Ranked,
  SearchEngine,
  type SearchHit,
  type SearchOptions,
  type VideoDocs,
} from '../../../utils/search';
import { docsOf } from './catalog';
import { type CatalogState, type CatalogSync, SLICE } from './catalog-sync';
import { readHoldings, readSources } from './holdings';
import { catchUpNotes, isNotesKey, type NotesNeeds, notesKey, videoOfKey } from './notes-index';
import { type Progress, whenSignalled } from './progress';
import type { CatalogRecord, LibraryStore } from './store';

/**
 * The snapshot (the whole index packed: some 4 MB for 1,000 videos) is written when the library has been quiet
 * this long: packing it holds the worker, so a search or a change meanwhile puts it off.
 */
export const PERSIST_AFTER_MS = 10_000;
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Deps = { cache: () => Promise<Cache>; store: LibraryStore; catalog: CatalogSync; notes: NotesNeeds };
/** The engine ranks; each passage's text and marks are kept on disk (store.ts), read for the results returned. */
const ON_DISK = { keepsText: false };

/** The index from its snapshot; started again when there is none or it is unreadable or of another version. */
async function loadEngine(store: LibraryStore): Promise<SearchEngine> {
  const snapshot = await store.snapshot().catch(() => undefined);
  const loaded = snapshot && SearchEngine.load(snapshot, ON_DISK);
  if (loaded) return loaded;
  // Texts an older or unreadable index kept go too: the catch-up writes each video's again.
  await store.dropPassages();
  return SearchEngine.create(ON_DISK);
}

/** The results with their texts, read for these only; one missing (a video removed meanwhile) is left out. */
async function withTexts(store: LibraryStore, ranked: readonly Ranked[]): Promise<SearchHit[]> {
  const texts = await store.passages(ranked);
  return ranked.flatMap((r, i) => {
    const text = texts[i];
    // A note's entry is its video's: the hit names the video.
    return text ? [{ ...hitOf(r, text), videoId: videoOfKey(r.videoId) }] : [];
  });
}

/** Indexes a video and keeps its passages' texts beside the index. */
function indexVideo(e: SearchEngine, store: LibraryStore, docs: VideoDocs, signature: string): Promise<void> {
  e.setVideo(docs, signature);
  return store.writePassages(docs.videoId, docs.docs);
}

function toHit(hit: SearchHit): LibraryHit {
  const spans = matchSpans(hit.text, hit.terms, hit.lang || undefined);
  const first = spans[0];
  const at = hit.kind === 'transcript' && first ? momentAt(hit, first[0]) : hit.start;
  const cut = excerpt(hit.text, spans);
  return { videoId: hit.videoId, kind: hit.kind, at, title: hit.title, channel: hit.channel, ...cut };
}

/** Indexes these records' videos one at a time, yielding between them; true when any was indexed. */
async function indexStale(
  held: Cache,
  store: LibraryStore,
  e: SearchEngine,
  account: string,
  stale: readonly CatalogRecord[],
  progress: Progress,
): Promise<boolean> {
  let changed = false;
  const holdings = await readHoldings(held, account);
  for (const record of stale) {
    const h = holdings.get(record.videoId);
    progress.done++;
    if (!h) continue;
    const sources = await readSources(held, h);
    await indexVideo(e, store, docsOf(sources, record.item, account), record.signature);
    changed = true;
    await yieldToEvents();
  }
  return changed;
}

/** A catch-up of many videos under way (`now`), and who waits for one to start. */
type Indexing = { now: Progress | null; starts: Set<() => void> };
type CatchUpContext = {
  cache: () => Promise<Cache>;
  store: LibraryStore;
  notes: NotesNeeds;
  indexing: Indexing;
  persistSoon: () => void;
};

/** Re-indexes the videos whose catalog record changed since the index last saw them; drops removed ones. */
async function catchUp(ctx: CatchUpContext, e: SearchEngine, { account, records }: CatalogState): Promise<void> {
  const gone = e.videoIds().filter((key) => !isNotesKey(key) && !records.has(key));
  for (const videoId of gone) e.removeVideo(videoId);
  // Their texts are only disk to free: a failure to drop them does not hold up the search.
  if (gone.length) await ctx.store.dropPassages(gone).catch(() => undefined);
  let changed = gone.length > 0;
  const stale = [...records.values()].filter((r) => e.signatureOf(r.videoId) !== r.signature);
  if (stale.length > 0) {
    const progress = { done: records.size - stale.length, total: records.size };
    if (stale.length > SLICE) {
      ctx.indexing.now = progress;
      for (const started of ctx.indexing.starts) started();
    }
    try {
      if (await indexStale(await ctx.cache(), ctx.store, e, account, stale, progress)) changed = true;
    } finally {
      ctx.indexing.now = null;
    }
    // Many videos indexed: the room their postings were given to grow goes (a few: it stays, for the next).
    if (stale.length > SLICE) e.settle();
  }
  if (await catchUpNotes({ ...ctx, yieldToEvents }, e, records)) changed = true;
  if (changed) ctx.persistSoon();
}

/**
 * When the snapshot is written: `soon` marks it changed, `later` (re)arms its write, when there is one to write,
 * for after the next quiet spell (a search or a change meanwhile puts it off).
 */
function createSnapshotWrites(write: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;
  function later(): void {
    if (!dirty) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      dirty = false;
      write();
    }, PERSIST_AFTER_MS);
  }
  return {
    soon(): void {
      dirty = true;
      later();
    },
    later,
  };
}

/**
 * The library's search index, free and offline. Loaded from its snapshot (or started empty) on first use, then
 * kept in step with the catalog: it follows each small sync's changes, and catches up with records that changed
 * meanwhile one video at a time, yielding between videos so a panel's messages are answered. A catch-up of many
 * videos (a library never indexed) reports its progress, and the library page searches what is indexed so far
 * meanwhile. Its snapshot is saved a few seconds after the last change.
 */
export function createSearchIndex({ cache, store, catalog, notes }: Deps) {
  let engine: SearchEngine | null = null;
  let loading: Promise<SearchEngine> | null = null;
  let catching: Promise<void> | null = null;
  const indexing: Indexing = { now: null, starts: new Set() };

  const snapshot = createSnapshotWrites(() => {
    if (engine) void store.writeSnapshot(engine.toSnapshot()).catch(() => undefined);
  });
  const persistSoon = snapshot.soon;
  const persistLater = snapshot.later;

  catalog.follow({
    put: (record, sources, account) => {
      if (engine)
        void indexVideo(engine, store, docsOf(sources, record.item, account), record.signature).catch(() => undefined);
    },
    remove: (videoId) => {
      engine?.removeVideo(videoId);
      void store.dropPassages([videoId]).catch(() => undefined);
    },
    written: () => {
      if (!engine) return;
      persistSoon();
      // A reading of many videos left them to the catch-up.
      const e = engine;
      void caughtUp(e).catch(() => undefined);
    },
  });

  /** One catch-up at a time: the one under way, or a new one against a fresh sync. */
  function caughtUp(e: SearchEngine): Promise<void> {
    const ctx = { cache, store, notes, indexing, persistSoon };
    catching ??= (async () => catchUp(ctx, e, await catalog.current()))().finally(() => {
      catching = null;
    });
    return catching;
  }

  /** The index, loaded from its snapshot (or started empty); its catch-up with the catalog starts then. */
  function loaded(): Promise<SearchEngine> {
    loading ??= (async () => {
      const e = await loadEngine(store);
      engine = e;
      void caughtUp(e).catch(() => undefined);
      return e;
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  /**
   * In step with the cache: waits for the changes that landed (in full), or, with `partial`, only while they
   * are few: a long reading or indexing goes on and the search covers what is indexed so far.
   */
  async function inStep(e: SearchEngine, partial: boolean): Promise<void> {
    if (!partial) {
      if (catching) await catching;
      return caughtUp(e);
    }
    if (catalog.isReading() || indexing.now) return;
    const reading = catalog.readingStarts();
    const started = whenSignalled(indexing.starts);
    try {
      await Promise.race([caughtUp(e), reading.promise, started.promise]);
    } finally {
      reading.cancel();
      started.cancel();
    }
  }

  /** The engine's own hits (passages keep their cue marks), in step with the cache. */
  async function hits(query: string, opts: Omit<SearchOptions, 'account'> = {}, partial = false): Promise<SearchHit[]> {
    const e = await loaded();
    await inStep(e, partial);
    persistLater();
    return withTexts(store, e.rank(query, { ...opts, account: catalog.lastKnown()?.account ?? '' }));
  }

  return {
    hits,
    /** The library page's search, as soon as asked (over what is indexed so far); some videos: their notes too. */
    async search(query: string, videoIds?: readonly string[], limit = 100): Promise<LibraryHit[]> {
      const only = videoIds && [...videoIds, ...videoIds.map(notesKey)];
      return (await hits(query, { videoIds: only, limit }, true)).map(toHit);
    },
    /**
     * Loads the index while the person looks at the list, so the first search does not wait for it. A listing,
     * like a search, puts off the snapshot's write: packing it holds the worker for a second of a page's open.
     */
    warm(): void {
      persistLater();
      void loaded().catch(() => undefined);
    },
    /** How far a catch-up of many videos is (null when there is none). */
    progress: (): Progress | null => (indexing.now ? { ...indexing.now } : null),
  };
}
