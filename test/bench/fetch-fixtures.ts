import { fixtureResponse } from '../fixtures/routes';
import type { RawCdp } from './raw-cdp';

const YOUTUBE = /^https:\/\/(www|m)\.youtube\.com\//;
const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)[:/]|chrome-extension:|data:|blob:)/;

type Paused = { requestId: string; request: { url: string; headers: Record<string, string> } };

/** The Fetch command that answers one paused request, as routes.ts answers it for Playwright. */
export function fixtureAnswer(
  requestId: string,
  url: string,
  headers: Record<string, string>,
): { method: string; params: object } {
  if (YOUTUBE.test(url)) {
    const range = Object.entries(headers).find(([name]) => name.toLowerCase() === 'range')?.[1];
    const response = fixtureResponse(url, range);
    return {
      method: 'Fetch.fulfillRequest',
      params: {
        requestId,
        responseCode: response.status,
        responseHeaders: Object.entries(response.headers).map(([name, value]) => ({ name, value })),
        body: Buffer.from(response.body).toString('base64'),
      },
    };
  }
  if (LOCAL.test(url)) return { method: 'Fetch.continueRequest', params: { requestId } };
  return { method: 'Fetch.failRequest', params: { requestId, errorReason: 'BlockedByClient' } };
}

/**
 * Serves the fixture pages at their real YouTube URLs to one page target, as routes.ts does for Playwright,
 * with the `Fetch` domain on that target's session alone (the least a page needs: no Runtime, Page or Network
 * domain, no script in the page; the panel's frame, another target, is untouched). Nothing else leaves the machine.
 * Returns what stops serving (once the page is closed).
 */
export async function serveFixtures(cdp: RawCdp, sessionId: string): Promise<() => void> {
  const stop = cdp.listen((event) => {
    if (event.method !== 'Fetch.requestPaused' || event.sessionId !== sessionId) return;
    const { requestId, request } = event.params as Paused;
    const { method, params } = fixtureAnswer(requestId, request.url, request.headers);
    // A page closed meanwhile leaves its paused requests unanswerable.
    cdp.send(method, params, sessionId).catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId);
  return stop;
}
