import { type FileVideo, LIBRARY_FORMAT, LIBRARY_VERSION, type LibraryFile } from '../../utils/library/file';
import { readLibraryFile } from '../../utils/library/file-read';
import { type FileHead, FileRefused } from '../../utils/library/file-scan';
import type { ImportCounts, ImportSummary, LibraryList } from '../../utils/library/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { askAgain, type InParts } from './parts';

/** Videos sent to the background at a time: a part of a file of hour-long videos is about 10 MB, not the file. */
export const IMPORT_PART = 100;
/** Fewer when they are larger: a message carries at most a few tens of MB (a video's JSON may be 50 MB). */
const PART_CHARS = 16 * 1024 * 1024;

const sum = (a: ImportCounts, b: ImportCounts): ImportCounts => ({
  transcripts: a.transcripts + b.transcripts,
  analyses: a.analyses + b.analyses,
  answers: a.answers + b.answers,
  // Said only for a file with notes (one written before them has none).
  ...((a.notes !== undefined || b.notes !== undefined) && { notes: (a.notes ?? 0) + (b.notes ?? 0) }),
});
const none = (): ImportSummary => {
  const zero = { transcripts: 0, analyses: 0, answers: 0 };
  return { videos: 0, adds: zero, keeps: zero, leavesOut: 0 };
};
const added = (a: ImportSummary, b: ImportSummary): ImportSummary => ({
  videos: a.videos + b.videos,
  adds: sum(a.adds, b.adds),
  keeps: sum(a.keeps, b.keeps),
  leavesOut: a.leavesOut + b.leavesOut,
  ...((a.notesLeftOut !== undefined || b.notesLeftOut !== undefined) && {
    notesLeftOut: (a.notesLeftOut ?? 0) + (b.notesLeftOut ?? 0),
  }),
});

/** Cancelled between parts: what the parts before did (an import's parts are written; a preview's, nothing). */
export type Done = { summary: ImportSummary; list: LibraryList | null; cancelled: boolean };

/** A part as the background takes it: the head read so far (an export writes it first), checked at the end. */
const partOf = (head: Partial<FileHead>, videos: FileVideo[]): LibraryFile => ({
  format: LIBRARY_FORMAT,
  version: LIBRARY_VERSION,
  exportedAt: head.exportedAt ?? '',
  videos,
});

/**
 * Previews or imports a library file a part at a time, read as a stream (file-read.ts): `IMPORT_PART` videos
 * each time (fewer past `PART_CHARS`), the parts' summaries added up; only the part under way is held, never the file. A preview reads
 * the file through (its progress in bytes, its count not known yet) and refuses it at its first problem; the
 * import, given the count the preview found (`total`), reads it again. Each part of an import is written all
 * or nothing and the next is sent only after; Cancel stops between parts, keeping what was imported. A part
 * whose worker stopped is sent again: the background plans it again from what is held (what the lost try
 * wrote counts as kept), so nothing is written twice, and an import buys nothing.
 */
export async function importInParts(
  send: PageSend,
  source: Blob,
  write: boolean,
  { signal, onProgress }: InParts,
  total?: number,
): Promise<Reply<Done>> {
  let summary = none();
  let list: LibraryList | null = null;
  const progress = (videosRead: number, bytes: number) =>
    onProgress(total === undefined ? { done: bytes, total: source.size, videosRead } : { done: summary.videos, total });
  const sendPart = async (head: Partial<FileHead>, videos: FileVideo[]): Promise<Reply<null>> => {
    const file = partOf(head, videos);
    const reply: Reply<ImportSummary & { list?: LibraryList }> = write
      ? await askAgain(() => send({ type: 'library.import', file }))
      : await askAgain(() => send({ type: 'library.importPreview', file }));
    if (!reply.ok) return reply;
    summary = added(summary, reply.data);
    if (reply.data.list) list = reply.data.list;
    return { ok: true, data: null };
  };
  const cancelled = (): Reply<Done> => ({ ok: true, data: { summary, list, cancelled: true } });
  progress(0, 0);
  let part: FileVideo[] = [];
  let chars = 0;
  let head: Partial<FileHead> = {};
  let read = 0;
  try {
    for await (const next of readLibraryFile(source)) {
      part.push(next.video);
      chars += next.chars;
      head = next.head;
      read++;
      if (part.length < IMPORT_PART && chars < PART_CHARS) continue;
      if (signal.aborted) return cancelled();
      const sent = await sendPart(head, part);
      if (!sent.ok) return sent;
      part = [];
      chars = 0;
      progress(read, next.bytes);
    }
  } catch (error) {
    if (error instanceof FileRefused) return { ok: false, error: { code: 'bad_file', message: error.message } };
    throw error;
  }
  // The last part goes once the file's end is read and checked.
  if (part.length > 0) {
    if (signal.aborted) return cancelled();
    const sent = await sendPart(head, part);
    if (!sent.ok) return sent;
  }
  progress(read, source.size);
  return { ok: true, data: { summary, list, cancelled: false } };
}
