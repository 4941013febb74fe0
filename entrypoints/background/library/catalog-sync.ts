import type { Cache } from '../../../utils/cache';
import { createSerial } from '../../../utils/serial';
import { itemOf } from './catalog';
import { createMoves, keptCatalog, markOf, type Probe, probe, writeMark } from './catalog-mark';
import { type Holding, holdingsOf, readSources, type Sources, signatureOf } from './holdings';
import { type Progress, whenSignalled } from './progress';
import type { CatalogRecord, LibraryStore } from './store';

/** Videos read between two yields; more changed videos than this make a reading the page is answered during. */
export const SLICE = 50;
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The catalog as one sync left it: a record per video the account holds. */
export type CatalogState = { account: string; records: Map<string, CatalogRecord> };
/**
 * A sync's state with the holdings it read. `held` answers it while nothing moved since (the cache's change
 * count, the account, its jobs), however old: an export of 10,000 videos in 100 parts lists the cache once.
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
 * The last sync's state, with where it stood (its holdings null when adopted from the kept catalog unread) and
 * what this worker had seen move when its probe was read (`moves`, catalog-mark.ts).
 */
type Synced = CatalogState & { holdings: Map<string, Holding> | null; changes: number; jobsKey: string; moves: string };

type Stale = {
  held: Cache;
  store: LibraryStore;
  current: string;
  known: Map<string, CatalogRecord>;
  reading: Reading | null;
  follower: CatalogFollower | null;
};

/**
 * Reads the changed videos into `known` and the store; told to the follower one by one (few) or, in a reading
 * of many, written in slices with a yield between them while the reading's progress moves.
 */
async function readStale(ctx: Stale, stale: readonly Holding[], gone: string[]): Promise<void> {
  const { held, store, current, known, reading, follower } = ctx;
  let put: CatalogRecord[] = [];
  let removed = gone;
  for (const h of stale) {
    const sources = await readSources(held, h);
    const record = { videoId: h.videoId, signature: signatureOf(h, current), item: itemOf(sources) };
    put.push(record);
    known.set(h.videoId, record);
    follower?.put(record, sources, current);
    if (reading) {
      reading.unread.delete(h.videoId);
      reading.progress.done++;
      if (put.length >= SLICE) {
        await store.writeCatalog(put, removed);
        [put, removed] = [[], []];
        await yieldToEvents();
      }
    }
  }
  await store.writeCatalog(put, removed);
}

/** The videos gone from the cache (taken out of `known`) and those whose signature changed or are new. */
function changesOf(known: Map<string, CatalogRecord>, holdings: Map<string, Holding>, account: string) {
  const gone = [...known.keys()].filter((videoId) => !holdings.has(videoId));
  for (const videoId of gone) known.delete(videoId);
  const stale = [...holdings.values()].filter((h) => known.get(h.videoId)?.signature !== signatureOf(h, account));
  return { gone, stale };
}

const syncedOf = (p: Probe, records: Map<string, CatalogRecord>, holdings: Synced['holdings']): Synced => ({
  account: p.account,
  records,
  holdings,
  changes: p.changes,
  jobsKey: p.jobsKey,
  moves: p.moves,
});

/**
 * The last sync while this worker has seen nothing move since its probe (its own cache and job writes, storage
 * changes: catalog-mark.ts `createMoves`) and the account (in memory) is the same; else null. The library's
 * search asks this, whose every ask read the cache's change count and the account's jobs (every job parsed).
 */
async function unmoved(synced: Synced | null, now: string, account: () => Promise<string>): Promise<Synced | null> {
  const still = synced?.moves === now ? synced : null;
  return still && still.account === (await account()) ? still : null;
}

/** A reading of many videos, when more than a slice changed (else null: a few are read at once). */
function readingOf(account: string, records: Map<string, CatalogRecord>, stale: readonly Holding[]): Reading | null {
  if (stale.length <= SLICE) return null;
  const unread = new Map(stale.map((h) => [h.videoId, h]));
  return { account, records, unread, progress: { done: 0, total: stale.length } };
}

const sameAs = (s: Synced, p: Probe) => s.account === p.account && s.changes === p.changes && s.jobsKey === p.jobsKey;

/**
 * For the page: the catalog in step with the cache when little changed; while many videos are read, what is
 * known now (the rest as holdings) and the reading's progress, without waiting for it to end.
 */
async function listingOf(
  reading: () => Reading | null,
  sync: () => Promise<CatalogState>,
  starts: Set<() => void>,
): Promise<CatalogView> {
  const now = reading();
  if (now) return viewOf(now);
  const whenDone = sync().then(
    ({ account, records }): CatalogView => ({ account, records, unread: [], reading: null }),
  );
  const whenReading = whenSignalled(starts);
  try {
    return await Promise.race([
      whenDone,
      whenReading.promise.then(() => {
        const started = reading();
        return started ? viewOf(started) : whenDone;
      }),
    ]);
  } finally {
    whenReading.cancel();
  }
}

/**
 * The library's list, derived from the cache and kept in step with it by comparing each video's signature (keys
 * and sizes of what is held): only videos that changed are read again. The cache's every key is read only when
 * its change count, the account or its jobs moved since the last sync (this worker's, or one before it: the
 * catalog's mark), so an open of a library that did not change reads no key. Many changed videos (1,000 never
 * listed: seconds of reading) are read in slices, written as they go, and `listing` answers the page meanwhile.
 */
export function createCatalogSync({ account, cache, store }: Deps) {
  const serial = createSerial();
  let synced: Synced | null = null;
  // Marked by `markChanged`: the next sync reads the cache's keys whatever the count says.
  let dirty = false;
  let follower: CatalogFollower | null = null;
  let reading: Reading | null = null;
  const readingStarts = new Set<() => void>();
  const moves = createMoves();

  async function refresh(held: Cache, p: Probe, stored: CatalogRecord[] | null): Promise<HeldState> {
    dirty = false;
    const current = p.account;
    // The records this worker last synced are the store's (it writes them): only a new worker or account reads it.
    const last = synced?.account === current ? synced.records : null;
    const [listed, kept] = await Promise.all([held.list(), last || stored ? null : store.catalog()]);
    const holdings = holdingsOf(listed, current, p.jobs);
    const known = new Map(last ?? (stored ?? kept ?? []).map((r) => [r.videoId, r]));
    const { gone, stale } = changesOf(known, holdings, current);
    for (const videoId of gone) follower?.remove(videoId);
    reading = readingOf(current, known, stale);
    if (reading) for (const started of readingStarts) started();
    try {
      await readStale({ held, store, current, known, reading, follower: reading ? null : follower }, stale, gone);
    } finally {
      reading = null;
    }
    synced = syncedOf(p, known, holdings);
    // After the records: a worker stopped before this finds the older mark and reads the cache again.
    await writeMark(markOf(p, known.size)).catch(() => {});
    if (stale.length || gone.length) follower?.written();
    return { account: current, records: known, holdings };
  }

  /** The last sync when nothing moved since (else null), with the probe and the kept records read meanwhile. */
  async function standing(held: Cache, force: boolean) {
    const p = await probe(await account(), held, moves.now());
    const kept = !force && !dirty && !synced ? await keptCatalog(store, p) : null;
    if (kept?.records) synced = syncedOf(p, kept.records, null);
    const same = synced && !force && !dirty && sameAs(synced, p) ? synced : null;
    // Still in step as of this probe: what moves after it is what the next `current` looks for.
    const fresh = same && { ...same, moves: p.moves };
    if (fresh) synced = fresh;
    return { p, stored: kept?.stored ?? null, fresh };
  }

  /** `trusting`: nothing read while nothing was seen moving (`current`). */
  function sync(force: boolean, trusting = false): Promise<CatalogState> {
    return serial(async () => {
      const still = trusting && !dirty ? await unmoved(synced, moves.now(), account) : null;
      if (still) return still;
      const held = await cache();
      const { p, stored, fresh } = await standing(held, force);
      return fresh ?? refresh(held, p, stored);
    });
  }

  /** Like `sync`, with the holdings: a catalog adopted unread reads the cache's keys once for them. */
  function heldState(): Promise<HeldState> {
    return serial(async () => {
      const held = await cache();
      const { p, stored, fresh } = await standing(held, false);
      return fresh?.holdings ? { ...fresh, holdings: fresh.holdings } : refresh(held, p, stored);
    });
  }

  return {
    /** The catalog brought in step with the cache (`force`: its keys read again even when nothing moved). */
    sync: (force = false): Promise<CatalogState> => sync(force),
    /** Like `sync`, reading nothing while nothing was seen moving (`unmoved`): what the library's search asks. */
    current: (): Promise<CatalogState> => sync(false, true),
    /** The records and the holdings they were read from, read again only when something moved (HeldState). */
    held: heldState,
    /** For the page: in step when little changed, else the reading so far (`listingOf`). */
    listing: (): Promise<CatalogView> =>
      listingOf(
        () => reading,
        () => sync(false),
        readingStarts,
      ),
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
