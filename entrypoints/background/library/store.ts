import { type DBSchema, openDB } from 'idb';
import type { LibraryItem } from '../../../utils/library/replies';
import type { EngineSnapshot, PassageText, SearchDoc } from '../../../utils/search';
import { createPassageCache } from './passage-cache';

/**
 * The library's own database, beside the cache: the list of what is held (one small record per video, so the
 * page lists 1,000 videos without reading 1,000 transcripts) and the search index's snapshot. Both are derived
 * from the cache and rebuilt from it when missing: losing them loses nothing paid for.
 */
export type CatalogRecord = { videoId: string; signature: string; item: LibraryItem };
/** One indexed document's text and cue marks, under [videoId, its place among the video's documents]. */
type StoredPassage = { text: string; marks: Int32Array | null };

interface LibrarySchema extends DBSchema {
  catalog: { key: string; value: CatalogRecord };
  snapshot: { key: string; value: EngineSnapshot };
  passages: { key: [string, number]; value: StoredPassage };
}

const DB_NAME = 'transcript-lens-library';
const SNAPSHOT_KEY = 'engine';

const videoRange = (videoId: string) => IDBKeyRange.bound([videoId, 0], [videoId, Number.MAX_SAFE_INTEGER]);

export function openLibraryStore() {
  const db = openDB<LibrarySchema>(DB_NAME, 2, {
    upgrade(database, from) {
      if (from < 1) {
        database.createObjectStore('catalog', { keyPath: 'videoId' });
        database.createObjectStore('snapshot');
      }
      // 2: the index's texts apart from it, read for the results returned only (its snapshot is rebuilt).
      if (from < 2) database.createObjectStore('passages');
    },
    blocking() {
      void db.then((d) => d.close());
    },
  });
  const recent = createPassageCache();
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
    /** The video's documents' texts, replacing what it had. */
    async writePassages(videoId: string, docs: readonly Pick<SearchDoc, 'text' | 'marks'>[]): Promise<void> {
      recent.forget([videoId]);
      const tx = (await db).transaction('passages', 'readwrite');
      void tx.store.delete(videoRange(videoId));
      docs.forEach(({ text, marks }, n) => {
        void tx.store.put({ text, marks: marks?.length ? Int32Array.from(marks) : null }, [videoId, n]);
      });
      await tx.done;
    },
    /** Drops these videos' texts; none: every text (an index started again). */
    async dropPassages(videoIds?: readonly string[]): Promise<void> {
      recent.forget(videoIds);
      const tx = (await db).transaction('passages', 'readwrite');
      if (videoIds) for (const videoId of videoIds) void tx.store.delete(videoRange(videoId));
      else void tx.store.clear();
      await tx.done;
    },
    /**
     * The texts of these documents (undefined: not there): those read lately from memory, the rest in one
     * read-only transaction.
     */
    async passages(refs: readonly { videoId: string; n: number }[]): Promise<(PassageText | undefined)[]> {
      const texts = refs.map(({ videoId, n }) => recent.get(videoId, n));
      const missing = refs.flatMap((ref, i) => (texts[i] ? [] : [{ ...ref, i }]));
      if (missing.length === 0) return texts;
      const since = recent.epoch();
      const tx = (await db).transaction('passages');
      const read = await Promise.all(missing.map(({ videoId, n }) => tx.store.get([videoId, n])));
      missing.forEach(({ videoId, n, i }, j) => {
        const passage = read[j];
        texts[i] = passage;
        if (passage) recent.put(since, videoId, n, passage);
      });
      return texts;
    },
  };
}

export type LibraryStore = ReturnType<typeof openLibraryStore>;
