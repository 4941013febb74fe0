import { t } from '../../utils/i18n/catalogue';
import { FILE_TAIL, fileHead } from '../../utils/library/file-parts';
import type { LibraryItem } from '../../utils/library/replies';
import type { PageSend } from '../../utils/protocol/send';
import { partReader, type ReadPart } from './export-read';
import type { InParts } from './parts';
import { type Outcome, type Save, today } from './transfer';

/** Videos asked for at a time at most: the most a `library.exportText` message takes. */
export const EXPORT_PART = 100;
/**
 * A part ends before the videos' held bytes (about their JSON's size) pass this: the worker holds one part at a
 * time, whatever the library's size and however long its videos. 4 MB, not 1: each part is hops between this
 * page, the browser and the worker, each waiting its turn on a loaded machine (10,000 videos: 54–60 → 39 s).
 */
export const EXPORT_PART_BYTES = 4 * 1024 * 1024;

/** The asked videos cut into parts of at most EXPORT_PART videos and, past a part's first, EXPORT_PART_BYTES. */
export function exportParts(items: readonly LibraryItem[]): string[][] {
  const parts: string[][] = [];
  let part: string[] = [];
  let bytes = 0;
  for (const item of items) {
    if (part.length && (part.length === EXPORT_PART || bytes + item.bytes > EXPORT_PART_BYTES)) {
      parts.push(part);
      [part, bytes] = [[], 0];
    }
    part.push(item.videoId);
    bytes += item.bytes;
  }
  if (part.length) parts.push(part);
  return parts;
}

/**
 * The JSON export of the chosen videos, a part at a time: each part's text is asked for, written into a Blob (the
 * browser keeps it, on disk when large) and let go, so the page never holds the whole library; progress after
 * each part; cancelled between parts, with nothing saved. The next part is asked for as soon as one arrives: the
 * worker reads it while this page and the browser move the last one, so neither waits on the other, and the
 * worker still holds at most the part it writes and the one on its way. In Chromium a part comes as a Blob the
 * worker posted, its text never in this page's script (./export-read.ts).
 */
export async function exportJson(
  send: PageSend,
  items: readonly LibraryItem[],
  save: Save,
  { signal, onProgress }: InParts,
  now = new Date(),
  read: ReadPart = partReader(send),
): Promise<Outcome> {
  const parts: Blob[] = [new Blob([fileHead(now)])];
  let written = 0;
  let done = 0;
  onProgress({ done: 0, total: items.length });
  const all = exportParts(items);
  /** The part after the one under way, asked for already. */
  let asked: ReturnType<ReadPart> | null = null;
  for (const [i, videoIds] of all.entries()) {
    if (signal.aborted) return { ok: true, message: t('library.export.cancelled') };
    const reply = await (asked ?? read(videoIds));
    if (signal.aborted) return { ok: true, message: t('library.export.cancelled') };
    if (!reply.ok) return reply;
    const after = all[i + 1];
    asked = after ? read(after) : null;
    const { count, body } = reply.data;
    // The worker's text is the part's videos' JSON as the file holds them: kept as a Blob, never joined here.
    if (count > 0) parts.push(new Blob([written > 0 ? ',' : '', body]));
    written += count;
    done += videoIds.length;
    onProgress({ done, total: items.length });
  }
  if (signal.aborted) return { ok: true, message: t('library.export.cancelled') };
  parts.push(new Blob([FILE_TAIL]));
  save(new Blob(parts, { type: 'application/json' }), `Transcript Lens library ${today()}.json`);
  return { ok: true, message: t('library.transfer.json', { n: written }) };
}
