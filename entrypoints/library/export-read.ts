import { t } from '../../utils/i18n/catalogue';
import type { ExportPosted } from '../../utils/library/file-parts';
import { fail, ok, type Reply } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { askAgain } from './parts';

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

/** Where this page waits for the Blobs the worker posts, by the ask's id; `expire` once the worker answered. */
type Posted = {
  wait: (part: string) => Promise<ExportPosted | null>;
  forget: (part: string) => void;
  expire: (part: string) => void;
};

/** How long a posted part may come after the worker's answer: it was posted first, so it is on its way. */
export const POSTED_WITHIN_MS = 30_000;

/** The Blobs the worker posts to this page (`navigator.serviceWorker`'s messages), each to its waiting ask. */
export function postedParts(container: ServiceWorkerContainer, within = POSTED_WITHIN_MS): Posted {
  const waiting = new Map<string, (posted: ExportPosted | null) => void>();
  container.addEventListener('message', (event) => {
    const posted = event.data as Partial<ExportPosted> | null;
    if (typeof posted?.part !== 'string' || !(posted.body instanceof Blob)) return;
    waiting.get(posted.part)?.(posted as ExportPosted);
  });
  container.startMessages();
  const forget = (part: string) => waiting.get(part)?.(null);
  return {
    wait: (part) =>
      new Promise((resolve) => {
        waiting.set(part, (posted) => {
          waiting.delete(part);
          resolve(posted);
        });
      }),
    forget,
    // Most often the Blob came before the answer (it was posted first): then nothing waits.
    expire: (part) => {
      if (waiting.has(part)) setTimeout(() => forget(part), within);
    },
  };
}

/**
 * Chromium: the part is asked for by message; the worker posts it to this page as a Blob (its bytes in the
 * browser, the text never in this page's script), then answers with its count. A worker stopped before answering
 * fails the message: the part is asked for again (askAgain), and a Blob that never came counts as that too.
 */
export const byPost =
  (send: PageSend, posted: Posted): ReadPart =>
  (videoIds) =>
    askAgain(async () => {
      const part = crypto.randomUUID();
      const arriving = posted.wait(part);
      const reply = await send({ type: 'library.exportPart', videoIds, part });
      if (!reply.ok) {
        posted.forget(part);
        return reply;
      }
      posted.expire(part);
      const blob = await arriving;
      if (!blob) return fail('disconnected', t('library.export.stopped'));
      return ok({ count: reply.data.count, body: blob.body });
    });

/** By a posted Blob where the background is this page's service worker (Chromium: it controls the page), else by message. */
export function partReader(send: PageSend): ReadPart {
  const container = globalThis.navigator?.serviceWorker;
  return container?.controller ? byPost(send, postedParts(container)) : byMessage(send);
}
