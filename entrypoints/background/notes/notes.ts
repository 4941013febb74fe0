import { t } from '../../../utils/i18n/catalogue';
import { MAX_ITEMS_PER_VIDEO } from '../../../utils/notes/limits';
import type { NoteItem } from '../../../utils/notes/model';
import { inTimeOrder } from '../../../utils/notes/order';
import type { VideoNotes } from '../../../utils/notes/replies';
import { Refusal } from '../core/replies';
import { type MergePlan, planMerge } from './merge';
import { type NotesStore, type NotesSummary, openNotesStore } from './store';

/**
 * A video's highlights and notes: listed in time order, written (a new one, or one edited in place) and removed;
 * merged from a library file; summed up per video for the library. Free and local: nothing here reaches the
 * service. A write the limits refuse says why and changes nothing.
 */
export function createNotes(store: NotesStore = openNotesStore(), now: () => number = Date.now) {
  // The library lists and searches by these; every write here forgets them, so they are read again once.
  let summed: Promise<Map<string, NotesSummary>> | null = null;
  const changed = () => {
    summed = null;
  };
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
      changed();
      await store.put({ ...item, createdAt, updatedAt: now() });
      return list(item.videoId);
    },
    async remove(videoId: string, id: string): Promise<VideoNotes> {
      const held = await store.get(id);
      changed();
      if (held?.videoId === videoId) await store.remove(id);
      return list(videoId);
    },
    /** Each video's count, title and newest write (read once, until a write here). */
    summaries(): Promise<Map<string, NotesSummary>> {
      summed ??= store.summaries().catch((error: unknown) => {
        summed = null;
        throw error;
      });
      return summed;
    },
    /** These videos' items in time order (an export's part). */
    async ofVideos(videoIds: readonly string[]): Promise<Map<string, NoteItem[]>> {
      // One transaction for the part: a transaction a video, each awaited, was 10,000 round trips in an export.
      const found = await store.ofVideos(videoIds);
      return new Map(videoIds.map((videoId, i) => [videoId, inTimeOrder(found[i] ?? [])]));
    },
    /** What merging a file's items would write and keep; nothing is written. */
    plan: (items: readonly NoteItem[]): Promise<MergePlan> => planMerge(store, items, now()),
    /**
     * Merges a file's items by id: a new one is kept, an incoming newer edit (by `updatedAt`) replaces the held
     * one, anything else held stays; written in one transaction.
     */
    async merge(items: readonly NoteItem[]): Promise<MergePlan> {
      const plan = await planMerge(store, items, now());
      changed();
      await store.putAll(plan.writes);
      return plan;
    },
  };
}

export type Notes = ReturnType<typeof createNotes>;
