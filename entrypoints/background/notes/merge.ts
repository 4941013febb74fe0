import { MAX_ITEMS_PER_VIDEO } from '../../../utils/notes/limits';
import type { NoteItem } from '../../../utils/notes/model';
import type { NotesStore } from './store';

/** What a merge writes, and how many items it adds (new, or a newer edit), keeps and leaves out. */
export type MergePlan = { writes: NoteItem[]; adds: number; keeps: number; leavesOut: number };

/**
 * Plans merging a file's items into what is held, by id: never lost (a held item is replaced only by a newer
 * edit of itself), never duplicated (an id is written once). An id held for another video, or a video already at
 * its limit, is left out. An item without times is stamped `now`, its first moment kept when held.
 */
export async function planMerge(store: NotesStore, items: readonly NoteItem[], now: number): Promise<MergePlan> {
  const plan: MergePlan = { writes: [], adds: 0, keeps: 0, leavesOut: 0 };
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const held = await store.get(item.id);
    if (held && held.videoId !== item.videoId) {
      plan.leavesOut++;
      continue;
    }
    if (held && (item.updatedAt ?? 0) <= (held.updatedAt ?? 0)) {
      plan.keeps++;
      continue;
    }
    if (!held) {
      const count = counts.get(item.videoId) ?? (await store.count(item.videoId));
      if (count >= MAX_ITEMS_PER_VIDEO) {
        plan.leavesOut++;
        continue;
      }
      counts.set(item.videoId, count + 1);
    }
    const createdAt = held?.createdAt ?? item.createdAt ?? now;
    plan.writes.push({ ...item, createdAt, updatedAt: item.updatedAt ?? now });
    plan.adds++;
  }
  return plan;
}
