import { t } from '../../utils/i18n/catalogue';
import { FILE_TAIL, fileHead, videosPart } from '../../utils/library/file-parts';
import type { LibraryItem } from '../../utils/library/replies';
import type { PageSend } from '../../utils/protocol/send';
import { askAgain, type InParts } from './parts';
import { type Outcome, type Save, today } from './transfer';

/** Videos asked for at a time: the most a `library.export` message takes. */
export const EXPORT_PART = 100;

/**
 * The JSON export of the chosen videos, a part at a time: each part is asked for, written into a Blob (the
 * browser keeps it, on disk when large) and let go, so the page never holds the whole library; progress after
 * each part; cancelled between parts, with nothing saved.
 */
export async function exportJson(
  send: PageSend,
  items: readonly LibraryItem[],
  save: Save,
  { signal, onProgress }: InParts,
  now = new Date(),
): Promise<Outcome> {
  const ids = items.map((i) => i.videoId);
  const parts: Blob[] = [new Blob([fileHead(now)])];
  let written = 0;
  onProgress({ done: 0, total: ids.length });
  for (let i = 0; i < ids.length; i += EXPORT_PART) {
    if (signal.aborted) return { ok: true, message: t('library.export.cancelled') };
    const videoIds = ids.slice(i, i + EXPORT_PART);
    const reply = await askAgain(() => send({ type: 'library.export', videoIds }));
    if (!reply.ok) return reply;
    parts.push(new Blob([videosPart(reply.data, written)]));
    written += reply.data.length;
    onProgress({ done: Math.min(i + EXPORT_PART, ids.length), total: ids.length });
  }
  if (signal.aborted) return { ok: true, message: t('library.export.cancelled') };
  parts.push(new Blob([FILE_TAIL]));
  save(new Blob(parts, { type: 'application/json' }), `Transcript Lens library ${today()}.json`);
  return { ok: true, message: t('library.transfer.json', { n: written }) };
}
