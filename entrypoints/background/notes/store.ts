import { type DBSchema, openDB } from 'idb';
import type { NoteItem } from '../../../utils/notes/model';

/**
 * The notes' own database, beside the cache and the library's: highlights and notes are the person's writing,
 * so no cache budget, eviction or "Clear saved transcripts" ever reaches them. Removing a video from the library
 * does not either.
 */
interface NotesSchema extends DBSchema {
  items: { key: string; value: NoteItem; indexes: { videoId: string } };
}

/**
 * A video's notes and highlights summed up: how many, the title they were written under, the newest write, and
 * the sum of every write's time (with the count, a fingerprint that any put, removal or import changes).
 */
export type NotesSummary = { count: number; title: string; latest: number; stamps: number };

const DB_NAME = 'transcript-lens-notes';

export function openNotesStore() {
  let db: ReturnType<typeof openDB<NotesSchema>> | null = null;
  // Opened on first use: a worker that never touches a note never opens the database.
  const open = () => {
    db ??= openDB<NotesSchema>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('items', { keyPath: 'id' }).createIndex('videoId', 'videoId');
      },
      blocking() {
        void db?.then((d) => d.close());
        db = null;
      },
    });
    return db;
  };
  return {
    async ofVideo(videoId: string): Promise<NoteItem[]> {
      return (await open()).getAllFromIndex('items', 'videoId', videoId);
    },
    /** Several videos' items, read in one transaction with every read asked at once (a part of the export). */
    async ofVideos(videoIds: readonly string[]): Promise<NoteItem[][]> {
      const index = (await open()).transaction('items').store.index('videoId');
      return Promise.all(videoIds.map((videoId) => index.getAll(videoId)));
    },
    async count(videoId: string): Promise<number> {
      return (await open()).countFromIndex('items', 'videoId', videoId);
    },
    async get(id: string): Promise<NoteItem | undefined> {
      return (await open()).get('items', id);
    },
    async put(item: NoteItem): Promise<void> {
      await (await open()).put('items', item);
    },
    async remove(id: string): Promise<void> {
      await (await open()).delete('items', id);
    },
    /** Writes these items in one transaction: an import's part is written whole or not at all. */
    async putAll(items: readonly NoteItem[]): Promise<void> {
      if (items.length === 0) return;
      const tx = (await open()).transaction('items', 'readwrite');
      for (const item of items) void tx.store.put(item);
      await tx.done;
    },
    /**
     * What each video holds, read item by item with a cursor: a library of many notes is summed up without
     * every note held in memory at once.
     */
    async summaries(): Promise<Map<string, NotesSummary>> {
      const out = new Map<string, NotesSummary>();
      let cursor = await (await open()).transaction('items').store.index('videoId').openCursor();
      while (cursor) {
        const item = cursor.value;
        const stamp = item.updatedAt ?? 0;
        const held = out.get(item.videoId);
        if (held) {
          held.count++;
          held.latest = Math.max(held.latest, stamp);
          held.stamps += stamp;
        } else out.set(item.videoId, { count: 1, title: item.videoTitle, latest: stamp, stamps: stamp });
        cursor = await cursor.continue();
      }
      return out;
    },
  };
}

export type NotesStore = ReturnType<typeof openNotesStore>;
