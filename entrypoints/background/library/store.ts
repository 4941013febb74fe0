import { type DBSchema, openDB } from 'idb';
import type { LibraryItem } from '../../../utils/library/replies';
import type { EngineSnapshot } from '../../../utils/search';

/**
 * The library's own database, beside the cache: the list of what is held (one small record per video, so the
 * page lists 1,000 videos without reading 1,000 transcripts) and the search index's snapshot. Both are derived
 * from the cache and rebuilt from it when missing: losing them loses nothing paid for.
 */
export type CatalogRecord = { videoId: string; signature: string; item: LibraryItem };

interface LibrarySchema extends DBSchema {
  catalog: { key: string; value: CatalogRecord };
  snapshot: { key: string; value: EngineSnapshot };
}

const DB_NAME = 'transcript-lens-library';
const SNAPSHOT_KEY = 'engine';

export function openLibraryStore() {
  const db = openDB<LibrarySchema>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('catalog', { keyPath: 'videoId' });
      database.createObjectStore('snapshot');
    },
    blocking() {
      void db.then((d) => d.close());
    },
  });
  return {
    async catalog(): Promise<CatalogRecord[]> {
      return (await db).getAll('catalog');
    },
    async writeCatalog(put: readonly CatalogRecord[], remove: readonly string[]): Promise<void> {
      if (put.length === 0 && remove.length === 0) return;
      const tx = (await db).transaction('catalog', 'readwrite');
      for (const record of put) void tx.store.put(record);
      for (const videoId of remove) void tx.store.delete(videoId);
      await tx.done;
    },
    async snapshot(): Promise<EngineSnapshot | undefined> {
      return (await db).get('snapshot', SNAPSHOT_KEY);
    },
    async writeSnapshot(snapshot: EngineSnapshot): Promise<void> {
      await (await db).put('snapshot', snapshot, SNAPSHOT_KEY);
    },
  };
}

export type LibraryStore = ReturnType<typeof openLibraryStore>;
