import { t } from '../../../utils/i18n/catalogue';
import { inTimeOrder, MAX_ITEMS_PER_VIDEO, type NoteItem } from '../../../utils/notes/model';
import type { VideoNotes } from '../../../utils/notes/replies';
import { Refusal } from '../core/replies';
import { type NotesStore, openNotesStore } from './store';

/**
 * A video's highlights and notes: listed in time order, written (a new one, or one edited in place) and removed.
 * Free and local: nothing here reaches the service. A write the limits refuse says why and changes nothing.
 */
export function createNotes(store: NotesStore = openNotesStore(), now: () => number = Date.now) {
  const list = async (videoId: string): Promise<VideoNotes> => ({
    videoId,
    items: inTimeOrder(await store.ofVideo(videoId)),
  });

  return {
    list,
    async put(item: NoteItem): Promise<VideoNotes> {
      const held = await store.get(item.id);
      if (held && held.videoId !== item.videoId) throw new Refusal('note_elsewhere', t('background.notes.elsewhere'));
      if (!held && (await store.count(item.videoId)) >= MAX_ITEMS_PER_VIDEO)
        throw new Refusal('notes_full', t('background.notes.full', { n: MAX_ITEMS_PER_VIDEO }));
      // Its first moment is kept across edits; an undone removal brings its own back.
      const createdAt = held?.createdAt ?? item.createdAt ?? now();
      await store.put({ ...item, createdAt, updatedAt: now() });
      return list(item.videoId);
    },
    async remove(videoId: string, id: string): Promise<VideoNotes> {
      const held = await store.get(id);
      if (held?.videoId === videoId) await store.remove(id);
      return list(videoId);
    },
  };
}

export type Notes = ReturnType<typeof createNotes>;
