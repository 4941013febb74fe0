import type { Cache } from '../../../utils/cache';
import { createSerial } from '../../../utils/serial';
import { itemOf } from './catalog';
import { type Holding, readHoldings, readSources, type Sources, signatureOf } from './holdings';
import { type Progress, whenSignalled } from './progress';
import type { CatalogRecord, LibraryStore } from './store';

const FRESH_FOR_MS = 5_000;
/** Videos read between two yields; more changed videos than this make a reading the page is answered during. */
export const SLICE = 50;
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The catalog as one sync left it: a record per video the account holds. */
export type CatalogState = { account: string; records: Map<string, CatalogRecord> };
/**
 * A sync's state with the holdings it read. `held` answers it while nothing was marked changed since, however
 * old (a new worker or account reads again): an export of 10,000 videos in 100 parts lists the cache once, and
 * exports the library as it was when it began.
 */
export type HeldState = CatalogState & { holdings: Map<string, Holding> };

/**
 * The catalog while many videos are read (a library never listed, an import): the records known so far, the
 * videos still to read (their holdings: keys and sizes, cheap to list) and how far the reading is.
 */
export type CatalogView = CatalogState & { unread: Holding[]; reading: Progress | null };

/** Told of each change as a sync makes it (the search index, once loaded, follows the catalog). */
export type CatalogFollower = {
  /** Only for small syncs: a reading of many videos leaves them to the index's own catch-up, in slices. */
  put(record: CatalogRecord, sources: Sources, account: string): void;
  remove(videoId: string): void;
  /** A sync that changed something has written its changes. */
  written(): void;
};

type Deps = { account: () => Promise<string>; cache: () => Promise<Cache>; store: LibraryStore };
type Reading = CatalogState & { unread: Map<string, Holding>; progress: Progress };

/** What the page is shown while many videos are read: the records so far, the rest as holdings, the progress. */
const viewOf = (r: Reading): CatalogView => ({
  account: r.account,
  records: new Map(r.records),
  unread: [...r.unread.values()],
  reading: { ...r.progress },
});

/**
 * The library's list, derived from the cache and kept in step with it by comparing each video's signature (keys
 * and sizes of what is held): only videos that changed are read again. A sync is skipped while the last one is
 * fresh: nothing stored since, the same account, a few seconds old at most. Many changed videos (1,000 never
 * listed: seconds of reading) are read in slices, written as they go, and `listing` answers the page meanwhile.
 */
export function createCatalogSync({ account, cache, store }: Deps) {
  const serial = createSerial();
  let synced: (HeldState & { at: number }) | null = null;
  let dirty = true;
  let follower: CatalogFollower | null = null;
  let reading: Reading | null = null;
  const readingStarts = new Set<() => void>();

  async function refresh(current: string): Promise<HeldState> {
    dirty = false;
    const held = await cache();
    // The records this worker last synced are the store's (it writes them): only a new worker or account reads it.
    const last = synced?.account === current ? synced.records : null;
    const [holdings, stored] = await Promise.all([readHoldings(held, current), last ? null : store.catalog()]);
    const known = new Map(last ?? (stored ?? []).map((r) => [r.videoId, r]));
    const gone = [...known.keys()].filter((videoId) => !holdings.has(videoId));
    for (const videoId of gone) {
      known.delete(videoId);
      follower?.remove(videoId);
    }
    const stale = [...holdings.values()].filter((h) => known.get(h.videoId)?.signature !== signatureOf(h, current));
    const many = stale.length > SLICE;
    if (many) {
      const unread = new Map(stale.map((h) => [h.videoId, h]));
      reading = { account: current, records: known, unread, progress: { done: 0, total: stale.length } };
      for (const started of readingStarts) started();
    }
    try {
      let put: CatalogRecord[] = [];
      let removed = gone;
      for (const h of stale) {
        const sources = await readSources(held, h);
        const record = { videoId: h.videoId, signature: signatureOf(h, current), item: itemOf(sources) };
        put.push(record);
        known.set(h.videoId, record);
        if (!many) follower?.put(record, sources, current);
        if (reading) {
          reading.unread.delete(h.videoId);
          reading.progress.done++;
        }
        if (many && put.length >= SLICE) {
          await store.writeCatalog(put, removed);
          [put, removed] = [[], []];
          await yieldToEvents();
        }
      }
      await store.writeCatalog(put, removed);
    } finally {
      reading = null;
    }
    synced = { account: current, records: known, holdings, at: Date.now() };
    if (stale.length || gone.length) follower?.written();
    return { account: current, records: known, holdings };
  }

  function sync(force = false, freshForMs = FRESH_FOR_MS): Promise<HeldState> {
    return serial(async () => {
      const current = await account();
      if (!force && !dirty && synced?.account === current && Date.now() - synced.at < freshForMs) return synced;
      return refresh(current);
    });
  }

  return {
    /** The catalog brought in step with the cache (`force`: even when the last sync is fresh). */
    sync: (force = false): Promise<HeldState> => sync(force),
    /** The last sync's records and holdings while nothing changed (HeldState). */
    held: (): Promise<HeldState> => sync(false, Number.POSITIVE_INFINITY),
    /**
     * For the page: the catalog in step with the cache when little changed; while many videos are read, what is
     * known now (the rest as holdings) and the reading's progress, without waiting for it to end.
     */
    async listing(): Promise<CatalogView> {
      if (reading) return viewOf(reading);
      const whenDone = sync(true).then((state): CatalogView => ({ ...state, unread: [], reading: null }));
      const whenReading = whenSignalled(readingStarts);
      try {
        return await Promise.race([whenDone, whenReading.promise.then(() => (reading ? viewOf(reading) : whenDone))]);
      } finally {
        whenReading.cancel();
      }
    },
    /** Resolves when a reading of many videos starts (so a search need not wait for it); `cancel` lets go. */
    readingStarts: () => whenSignalled(readingStarts),
    /** A reading of many videos is under way. */
    isReading: (): boolean => reading !== null,
    /** The account and records as last known, without syncing (null before the first sync). */
    lastKnown: (): CatalogState | null => reading ?? synced,
    /** Something was stored or removed: the next sync reads the cache again. */
    markChanged(): void {
      dirty = true;
    },
    follow(next: CatalogFollower): void {
      follower = next;
    },
  };
}

export type CatalogSync = ReturnType<typeof createCatalogSync>;
