import type { ExportPosted } from '../../../utils/library/file-parts';

/**
 * Chromium only: a part of the JSON export crosses as a Blob the worker posts to the page (`Client.postMessage`),
 * its bytes in the browser, the page holding a handle, never the text. No fetch handler: one is heard by every
 * load of the extension's pages, the panel's frame in every YouTube tab among them. The page asks by message
 * (`library.exportPart`), which the worker answers once the Blob is posted: a worker stopped before that fails
 * the message, and the page asks again. Firefox's background is not a service worker: its pages take the text by
 * message (export-text.ts, `library.exportText`).
 */

/** A part's bytes handed to `make`, which copies them (export-text.ts `exportPart`). */
type ExportBytes = <R>(
  videoIds: readonly string[],
  make: (count: number, bytes: Uint8Array<ArrayBuffer>) => R,
) => Promise<R>;
type ClientLike = { url: string; postMessage: (message: ExportPosted) => void };
/** What a service worker's `clients` holds that this uses (the project's types are not a worker's). */
export type ClientsLike = { matchAll: (options: { type: 'window' }) => Promise<readonly ClientLike[]> };

const workerClients = (): ClientsLike | null =>
  (globalThis as typeof globalThis & { clients?: ClientsLike }).clients ?? null;

/**
 * Makes the asked part, posts it as a Blob (which copies the worker's buffer, written again for the next part) to
 * the asking page (every window of its URL: each takes only the `part` it waits for), then says how many videos
 * it holds. A page that is gone is posted nothing; a worker that is not a service worker refuses.
 */
export function createExportPost(exportBytes: ExportBytes, clients: () => ClientsLike | null = workerClients) {
  return async (videoIds: readonly string[], part: string, pageUrl: string | undefined): Promise<{ count: number }> => {
    const windows = clients();
    if (!windows) throw new Error('no service worker to post from');
    const posted = await exportBytes(videoIds, (count, bytes) => ({ part, count, body: new Blob([bytes]) }));
    for (const client of await windows.matchAll({ type: 'window' })) {
      if (client.url === pageUrl) client.postMessage(posted);
    }
    return { count: posted.count };
  };
}

export type ExportPost = ReturnType<typeof createExportPost>;
