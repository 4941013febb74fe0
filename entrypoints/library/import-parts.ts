import type { LibraryFile } from '../../utils/library/file';
import type { ImportCounts, ImportSummary, LibraryList } from '../../utils/library/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { askAgain, type InParts, partsOf } from './parts';

/** Videos sent to the background at a time: a part of a 50 MB file is about 1 MB, not the whole file. */
export const IMPORT_PART = 100;

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

/**
 * Previews or imports a checked file a part at a time: the file's head with `IMPORT_PART` of its videos each
 * time, the parts' summaries added up. Each part of an import is written all or nothing and the next is sent
 * only after; Cancel stops between parts, keeping what was imported. A part whose worker stopped is sent again:
 * the background plans it again from what is held (what the lost try wrote counts as kept), so nothing is
 * written twice, and an import buys nothing.
 */
export async function importInParts(
  send: PageSend,
  file: LibraryFile,
  write: boolean,
  { signal, onProgress }: InParts,
): Promise<Reply<Done>> {
  let summary = none();
  let list: LibraryList | null = null;
  const total = file.videos.length;
  onProgress({ done: 0, total });
  for (const videos of partsOf(file.videos, IMPORT_PART)) {
    if (signal.aborted) return { ok: true, data: { summary, list, cancelled: true } };
    const part = { ...file, videos };
    const reply: Reply<ImportSummary & { list?: LibraryList }> = write
      ? await askAgain(() => send({ type: 'library.import', file: part }))
      : await askAgain(() => send({ type: 'library.importPreview', file: part }));
    if (!reply.ok) return reply;
    summary = added(summary, reply.data);
    if (reply.data.list) list = reply.data.list;
    onProgress({ done: summary.videos, total });
  }
  return { ok: true, data: { summary, list, cancelled: false } };
}
