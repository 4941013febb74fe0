import { EXPORT_COUNT_HEADER, EXPORT_PATH } from '../../../utils/library/file-parts';

/**
 * Chromium only: an extension page fetches each part of the JSON export from this worker, which answers the fetch
 * itself, so the page's script never holds the part's text (the browser keeps the response as a Blob). Firefox's
 * background is not a service worker: its pages take the text by message (export-text.ts, `library.exportText`).
 */
/** How long an address may wait for its fetch: the page fetches it as soon as it has it. */
export const EXPORT_TOKEN_MS = 30_000;

/** A part's bytes handed to `make`, which copies them (export-text.ts `exportPart`). */
type ExportBytes = (
  videoIds: readonly string[],
  make: (count: number, bytes: Uint8Array<ArrayBuffer>) => Response,
) => Promise<Response>;
type Opened = { videoIds: readonly string[]; until: number };

/**
 * One-time addresses of export parts: each is a random token bound to the part's videos, answered once, within
 * EXPORT_TOKEN_MS, and only for a page of this extension (`origin`). Nothing is web-accessible: a web page's
 * fetch of the address is refused by the browser before it reaches this worker, and by `answer` if it did.
 * The tokens live in this worker only: a worker stopped in between forgets them, and the page asks again.
 */
export function createExportFetch(exportBytes: ExportBytes, origin: string, now: () => number = Date.now) {
  const opened = new Map<string, Opened>();

  function open(videoIds: readonly string[]): { url: string } {
    for (const [token, { until }] of opened) if (until < now()) opened.delete(token);
    const token = crypto.randomUUID();
    opened.set(token, { videoIds, until: now() + EXPORT_TOKEN_MS });
    return { url: `${origin}${EXPORT_PATH.slice(1)}${token}.json` };
  }

  /** The part's response, or null for an address that is not an export's (the browser fetches it as usual). */
  async function answer(url: string, clientUrl: string | undefined): Promise<Response | null> {
    // By prefix: a URL's `origin` is "null" for a scheme it does not know (chrome-extension: outside a browser).
    const base = `${origin}${EXPORT_PATH.slice(1)}`;
    if (!url.startsWith(base)) return null;
    if (!clientUrl?.startsWith(origin)) return new Response(null, { status: 403 });
    const token = new URL(url).pathname.slice(EXPORT_PATH.length).replace(/\.json$/, '');
    const part = opened.get(token);
    opened.delete(token);
    if (!part || part.until < now()) return new Response(null, { status: 404 });
    // A Response made of bytes copies them: the worker's buffer is written again for the next part.
    return exportBytes(part.videoIds, (count, bytes) => {
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        [EXPORT_COUNT_HEADER]: String(count),
      };
      return new Response(bytes, { headers });
    });
  }

  return { open, answer };
}

export type ExportFetch = ReturnType<typeof createExportFetch>;

/** What a service worker's fetch event holds that this uses (the project's types are not a worker's). */
type FetchEventLike = Event & {
  request: Request;
  clientId: string;
  respondWith: (response: Promise<Response>) => void;
};
type ClientsLike = { get: (id: string) => Promise<{ url: string } | undefined> };
type InstallEventLike = Event & {
  addRoutes?: (rules: unknown) => Promise<void>;
  waitUntil: (done: Promise<unknown>) => void;
};
type PatternLike = new (init: { pathname: string }) => unknown;

/**
 * Every other fetch of the extension's pages goes straight to the network, not through this worker (a fetch
 * handler otherwise hears them all, and wakes a stopped worker for each: the panel's frame in every YouTube tab
 * among them). Chrome 123+ (static routing); before it, `answer`'s first check lets them through.
 */
export function exportRoutes(event: InstallEventLike, Pattern: PatternLike | undefined): void {
  if (!event.addRoutes || !Pattern) return;
  const exports = new Pattern({ pathname: `${EXPORT_PATH}*` });
  const rules = [{ condition: { not: { urlPattern: exports } }, source: 'network' }];
  event.waitUntil(event.addRoutes(rules).catch(() => undefined));
}

/** Chromium's worker answers export addresses; every other fetch of the extension's pages goes on as usual. */
export function listenForExportFetches(exportFetch: ExportFetch): void {
  const scope = globalThis as typeof globalThis & { clients?: ClientsLike };
  if (!('ServiceWorkerGlobalScope' in globalThis) || !scope.clients) return;
  const clients = scope.clients;
  const Pattern = (globalThis as { URLPattern?: PatternLike }).URLPattern;
  globalThis.addEventListener('install', (event) => exportRoutes(event as InstallEventLike, Pattern));
  globalThis.addEventListener('fetch', (event) => {
    const fetchEvent = event as FetchEventLike;
    if (!new URL(fetchEvent.request.url).pathname.startsWith(EXPORT_PATH)) return;
    fetchEvent.respondWith(
      (async () => {
        const client = fetchEvent.clientId ? await clients.get(fetchEvent.clientId) : undefined;
        const response = await exportFetch.answer(fetchEvent.request.url, client?.url).catch(() => null);
        return response ?? new Response(null, { status: 500 });
      })(),
    );
  });
}
