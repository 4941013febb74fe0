import type { NoteItem } from '../../../utils/notes/model';
import { type SearchDoc, type SearchEngine, type VideoDocs, videoDoc } from '../../../utils/search';
import type { Notes } from '../notes/notes';
import type { NotesSummary } from '../notes/store';
import type { CatalogRecord, LibraryStore } from './store';

/**
 * A video's notes and highlights in the search index: one entry of their own beside the video's (under
 * `notes:<videoId>`; a colon is never in a video id), so a note written or edited re-indexes its few words, not
 * the video's transcripts, and a video with notes but nothing saved is found too. Their texts are on disk with
 * the passages, under the same key. Old snapshots simply lack these entries: the catch-up adds them.
 */
const PREFIX = 'notes:';
export const notesKey = (videoId: string) => `${PREFIX}${videoId}`;
export const isNotesKey = (key: string) => key.startsWith(PREFIX);
/** The video a key of the index stands for. */
export const videoOfKey = (key: string) => (isNotesKey(key) ? key.slice(PREFIX.length) : key);

export type NotesNeeds = Pick<Notes, 'summaries' | 'ofVideos'>;
type Context = { notes: NotesNeeds; store: LibraryStore; yieldToEvents: () => Promise<void> };

/**
 * Each note and highlight a document at its moment, its words cut in the video's language; a video held only for
 * its notes (`alone`) is found by its title here too, as a held one is by its own entry.
 */
export function notesDocsOf(
  videoId: string,
  title: string,
  items: readonly NoteItem[],
  { lang, alone = false }: { lang?: string; alone?: boolean } = {},
): VideoDocs {
  const notes = items.map(
    (item): SearchDoc => ({
      kind: item.kind,
      start: item.kind === 'note' ? item.time : item.start,
      text: item.text,
      account: '',
      ...(lang ? { lang } : {}),
    }),
  );
  const docs = alone && title ? [videoDoc(title, ''), ...notes] : notes;
  return { videoId: notesKey(videoId), title, channel: '', docs };
}

/** What the entry was built from: the items' count and times (any write changes them), the video's state, its title. */
const signatureOf = (s: NotesSummary, title: string, lang: string, alone: boolean) =>
  `${s.count}:${s.latest}:${s.stamps}:${lang}:${alone ? 'alone' : 'held'}:${title}`;

/** Brings the notes' entries in step with the notes held, a video at a time; true when any changed. */
export async function catchUpNotes(
  { notes, store, yieldToEvents }: Context,
  e: SearchEngine,
  records: ReadonlyMap<string, CatalogRecord>,
): Promise<boolean> {
  const summaries = await notes.summaries();
  const gone = e.videoIds().filter((key) => isNotesKey(key) && !summaries.has(videoOfKey(key)));
  for (const key of gone) e.removeVideo(key);
  if (gone.length) await store.dropPassages(gone).catch(() => undefined);
  let changed = gone.length > 0;
  for (const [videoId, summary] of summaries) {
    const item = records.get(videoId)?.item;
    const title = item?.title ?? summary.title;
    const lang = item?.languageCode ?? '';
    const signature = signatureOf(summary, title, lang, !item);
    if (e.signatureOf(notesKey(videoId)) === signature) continue;
    const items = (await notes.ofVideos([videoId])).get(videoId) ?? [];
    const docs = notesDocsOf(videoId, title, items, { lang: lang || undefined, alone: !item });
    e.setVideo(docs, signature);
    await store.writePassages(docs.videoId, docs.docs);
    changed = true;
    await yieldToEvents();
  }
  return changed;
}
