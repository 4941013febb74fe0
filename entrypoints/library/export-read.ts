import { t } from '../../utils/i18n/catalogue';
import { EXPORT_COUNT_HEADER } from '../../utils/library/file-parts';
import { fail, ok, type Reply } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { ASKS, askAgain } from './parts';

/** One part of the export: its videos' count and their JSON as the file holds them, comma-separated. */
export type ExportPart = { count: number; body: Blob | string };
/** How a part's videos are read from the worker. */
export type ReadPart = (videoIds: string[]) => Promise<Reply<ExportPart>>;

/** The text in a message's reply (Firefox, whose background is not a service worker): it crosses this page. */
export const byMessage =
  (send: PageSend): ReadPart =>
  async (videoIds) => {
    const reply = await askAgain(() => send({ type: 'library.exportText', videoIds }));
    return reply.ok ? ok({ count: reply.data.count, body: reply.data.text }) : reply;
  };

/** A part's response as a Blob the browser keeps, or null for a refused or broken one. */
async function partOf(response: Response): Promise<ExportPart | null> {
  const count = Number(response.headers.get(EXPORT_COUNT_HEADER) ?? Number.NaN);
  if (!response.ok || !Number.isSafeInteger(count) || count < 0) return null;
  return { count, body: await response.blob() };
}

/**
 * Chromium: the worker answers a one-time address of this extension with the part's text, and the browser keeps
 * the response as a Blob: the text never enters this page's script (neither a message's JSON nor a Blob's copy).
 * An address whose worker stopped before answering is forgotten with it: a new one is asked for, ASKS times.
 */
export const byFetch =
  (send: PageSend, fetchPart: (url: string) => Promise<Response> = (url) => fetch(url)): ReadPart =>
  async (videoIds) => {
    for (let n = 1; ; n++) {
      const opened = await askAgain(() => send({ type: 'library.exportUrl', videoIds }));
      if (!opened.ok) return opened;
      const part = await fetchPart(opened.data.url)
        .then(partOf)
        .catch(() => null);
      if (part) return ok(part);
      if (n >= ASKS) return fail('disconnected', t('library.export.stopped'));
    }
  };

/** By fetch where the worker is this page's service worker (Chromium), else by message. */
export const partReader = (send: PageSend): ReadPart =>
  globalThis.navigator?.serviceWorker?.controller ? byFetch(send) : byMessage(send);
