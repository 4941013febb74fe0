import type { FileVideo } from '../../../utils/library/file';
import type { LibraryItem } from '../../../utils/library/replies';
import type { NoteItem } from '../../../utils/notes/model';
import type { Notes } from '../notes/notes';
import type { NotesSummary } from '../notes/store';

/** What the library asks of the notes: their summaries (list, index), items (export, index) and merging. */
export type NotesKept = Pick<Notes, 'summaries' | 'ofVideos' | 'plan' | 'merge'>;

/** The row of a video held only for its notes (no transcript, analysis or answers saved): free to keep, nothing to remove. */
function noteOnlyItem(videoId: string, summary: NotesSummary): LibraryItem {
  return {
    videoId,
    title: summary.title || null,
    channel: null,
    savedAt: summary.latest,
    language: null,
    languageCode: null,
    isGenerated: null,
    transcript: null,
    analysis: null,
    questions: null,
    bytes: 0,
    notes: summary.count,
  };
}

/** The rows held, each with its count of notes and highlights, and a row for each video held only for them. */
export function withNotes(items: readonly LibraryItem[], summaries: ReadonlyMap<string, NotesSummary>): LibraryItem[] {
  const out = items.map((item) => {
    const count = summaries.get(item.videoId)?.count;
    return count ? { ...item, notes: count } : item;
  });
  const listed = new Set(items.map((i) => i.videoId));
  for (const [videoId, summary] of summaries) if (!listed.has(videoId)) out.push(noteOnlyItem(videoId, summary));
  return out;
}

/** A video exported for its notes alone: nothing of it saved here but the person's own writing. */
export function noteOnlyVideo(videoId: string, title: string | null, notes: NoteItem[]): FileVideo {
  return { videoId, title: title || null, channel: null, transcripts: [], analysis: null, answers: [], notes };
}
