import type { Cache } from '../../../utils/cache';
import { createSerial } from '../../../utils/serial';
import { itemOf } from './catalog';
import { readHoldings, readSources, type Sources, signatureOf } from './holdings';
import type { CatalogRecord, LibraryStore } from './store';

const FRESH_FOR_MS = 5_000;

/** The catalog as one sync left it: a record per video the account holds. */
export type CatalogState = { account: string; records: Map<string, CatalogRecord> };

/** Told of each change as a sync makes it (the search index, once loaded, follows the catalog). */
export type CatalogFollower = {
  put(record: CatalogRecord, sources: Sources, account: string): void;
  remove(videoId: string): void;
  /** A sync that changed something has written its changes. */
  written(): void;
};

type Deps = { account: () => Promise<string>; cache: () => Promise<Cache>; store: LibraryStore };

/**
 * The library's list, derived from the cache and kept in step with it by comparing each video's signature (keys
 * and sizes of what is held): only videos that changed are read again. A sync is skipped while the last one is
 * fresh: nothing stored since, the same account, a few seconds old at most.
 */
export function createCatalogSync({ account, cache, store }: Deps) {
  const serial = createSerial();
  let synced: (CatalogState & { at: number }) | null = null;
  let dirty = true;
  let follower: CatalogFollower | null = null;

  async function refresh(current: string): Promise<CatalogState> {
    dirty = false;
    const held = await cache();
    const [holdings, stored] = await Promise.all([readHoldings(held, current), store.catalog()]);
    const known = new Map(stored.map((r) => [r.videoId, r]));
    const put: CatalogRecord[] = [];
    for (const h of holdings.values()) {
      const signature = signatureOf(h, current);
      if (known.get(h.videoId)?.signature === signature) continue;
      const sources = await readSources(held, h);
      const record = { videoId: h.videoId, signature, item: itemOf(sources) };
      put.push(record);
      known.set(h.videoId, record);
      follower?.put(record, sources, current);
    }
    const gone = [...known.keys()].filter((videoId) => !holdings.has(videoId));
    for (const videoId of gone) {
      known.delete(videoId);
      follower?.remove(videoId);
    }
    await store.writeCatalog(put, gone);
    if (put.length || gone.length) follower?.written();
    synced = { account: current, records: known, at: Date.now() };
    return { account: current, records: known };
  }

  return {
    /** The catalog brought in step with the cache (`force`: even when the last sync is fresh). */
    sync(force = false): Promise<CatalogState> {
      return serial(async () => {
        const current = await account();
        if (!force && !dirty && synced?.account === current && Date.now() - synced.at < FRESH_FOR_MS) {
          return { account: current, records: synced.records };
        }
        return refresh(current);
      });
    },
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
