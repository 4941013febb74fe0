import type { Cache } from '../../../utils/cache';
import type { LibraryHit } from '../../../utils/library-replies';
import {
  excerpt,
  matchRanges,
  momentAt,
  SearchEngine,
  type SearchHit,
  type SearchOptions,
} from '../../../utils/search';
import { docsOf } from './catalog';
import type { CatalogState, CatalogSync } from './catalog-sync';
import { readHoldings, readSources } from './holdings';
import type { LibraryStore } from './store';

const PERSIST_AFTER_MS = 3_000;
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Deps = { cache: () => Promise<Cache>; store: LibraryStore; catalog: CatalogSync };

function toHit(hit: SearchHit): LibraryHit {
  const ranges = matchRanges(hit.text, hit.terms);
  const first = ranges[0];
  const at = hit.kind === 'transcript' && first ? momentAt(hit, first[0]) : hit.start;
  const cut = excerpt(hit.text, ranges);
  return { videoId: hit.videoId, kind: hit.kind, at, title: hit.title, channel: hit.channel, ...cut };
}

/**
 * The library's search index, free and offline. Loaded from its snapshot (or built) on first use, then kept in
 * step with the catalog: it follows each sync's changes once loaded, and catches up with records that changed
 * meanwhile one video at a time, yielding between videos so a panel's messages are answered. Its snapshot is
 * saved a few seconds after the last change.
 */
export function createSearchIndex({ cache, store, catalog }: Deps) {
  let engine: SearchEngine | null = null;
  let loading: Promise<SearchEngine> | null = null;
  let persistTimer: ReturnType<typeof setTimeout> | null = null;

  function persistSoon(): void {
    if (persistTimer) clearTimeout(persistTimer);
    persistTimer = setTimeout(() => {
      persistTimer = null;
      if (engine) void store.writeSnapshot(engine.toJSON()).catch(() => undefined);
    }, PERSIST_AFTER_MS);
  }

  catalog.follow({
    put: (record, sources, account) => engine?.setVideo(docsOf(sources, record.item, account), record.signature),
    remove: (videoId) => engine?.removeVideo(videoId),
    written: () => {
      if (engine) persistSoon();
    },
  });

  /** Re-indexes the videos whose catalog record changed since the index last saw them; drops removed ones. */
  async function catchUp(e: SearchEngine, { account, records }: CatalogState): Promise<void> {
    let changed = false;
    for (const videoId of e.videoIds()) {
      if (!records.has(videoId)) {
        e.removeVideo(videoId);
        changed = true;
      }
    }
    const stale = [...records.values()].filter((r) => e.signatureOf(r.videoId) !== r.signature);
    if (stale.length > 0) {
      const held = await cache();
      const holdings = await readHoldings(held, account);
      for (const record of stale) {
        const h = holdings.get(record.videoId);
        if (!h) continue;
        const sources = await readSources(held, h);
        e.setVideo(docsOf(sources, record.item, account), record.signature);
        changed = true;
        await yieldToEvents();
      }
    }
    if (changed) persistSoon();
  }

  /** The index, loaded from its snapshot (or built), then brought in step with the catalog. */
  function loaded(): Promise<SearchEngine> {
    loading ??= (async () => {
      const snapshot = await store.snapshot().catch(() => undefined);
      const e = (snapshot && SearchEngine.load(snapshot)) || SearchEngine.create();
      await catchUp(e, await catalog.sync());
      engine = e;
      return e;
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  /** The engine's own hits (passages keep their cue marks), in step with the cache. */
  async function hits(query: string, opts: Omit<SearchOptions, 'account'> = {}): Promise<SearchHit[]> {
    const e = await loaded();
    const state = await catalog.sync();
    // Changes that landed while the index was loading.
    await catchUp(e, state);
    return e.search(query, { ...opts, account: state.account });
  }

  return {
    hits,
    async search(query: string, videoIds?: readonly string[], limit = 100): Promise<LibraryHit[]> {
      return (await hits(query, { videoIds, limit })).map(toHit);
    },
    /** Loads the index while the person looks at the list, so the first search does not wait for it. */
    warm(): void {
      void loaded().catch(() => undefined);
    },
  };
}
