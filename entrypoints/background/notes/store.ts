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
  };
}

export type NotesStore = ReturnType<typeof openNotesStore>;
