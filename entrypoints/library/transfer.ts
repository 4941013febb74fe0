import { type NoteSource, noteMarkdown, notesZip } from '../../utils/export/note';
import { t } from '../../utils/i18n/catalogue';
import type { FileVideo } from '../../utils/library/file';
import type { LibraryItem } from '../../utils/library/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';

/** Notes and JSON out, a library file in: what the page does with what the background hands it. */
export type Save = (blob: Blob, filename: string) => void;
export type Outcome = { ok: true; message: string } | { ok: false; error: ReplyError };

const BATCH = 100;
/** The date in an exported file's name. */
export const today = () => new Date().toISOString().slice(0, 10);

/** The held data of the videos, asked for in batches (a message carries at most a few tens of MB). */
export async function fetchVideos(send: PageSend, videoIds: readonly string[]): Promise<FileVideo[] | ReplyError> {
  const out: FileVideo[] = [];
  for (let i = 0; i < videoIds.length; i += BATCH) {
    const reply = await send({ type: 'library.export', videoIds: videoIds.slice(i, i + BATCH) });
    if (!reply.ok) return reply.error;
    out.push(...reply.data);
  }
  return out;
}

function sources(items: readonly LibraryItem[], videos: readonly FileVideo[]): NoteSource[] {
  const byId = new Map(items.map((i) => [i.videoId, i]));
  return videos.flatMap((video) => {
    const item = byId.get(video.videoId);
    return item ? [{ item, video }] : [];
  });
}

export async function exportNotes(send: PageSend, items: readonly LibraryItem[], save: Save): Promise<Outcome> {
  const videos = await fetchVideos(
    send,
    items.map((i) => i.videoId),
  );
  if (!Array.isArray(videos)) return { ok: false, error: videos };
  const notes = sources(items, videos);
  const zip = notesZip(notes);
  save(new Blob([new Uint8Array(zip)], { type: 'application/zip' }), `Transcript Lens notes ${today()}.zip`);
  return { ok: true, message: t('library.transfer.notes', { n: notes.length }) };
}

export async function copyNote(
  send: PageSend,
  item: LibraryItem,
  copy: (text: string) => Promise<void>,
): Promise<Outcome> {
  const videos = await fetchVideos(send, [item.videoId]);
  if (!Array.isArray(videos)) return { ok: false, error: videos };
  const [note] = sources([item], videos);
  if (!note) return { ok: false, error: { code: 'gone', message: t('library.transfer.gone') } };
  try {
    await copy(noteMarkdown(note));
  } catch {
    return { ok: false, error: { code: 'clipboard', message: t('library.transfer.clipboard') } };
  }
  return { ok: true, message: t('library.transfer.copied', { title: item.title ?? item.videoId }) };
}
