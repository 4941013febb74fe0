import type { BrowserContext } from '@playwright/test';
import { silentWav } from '../../fixtures/media';
import { serveMedia } from '../../fixtures/routes';

const MEDIA = /\/__fixture\/media\/([A-Za-z0-9_-]{11})\.wav$/;

/** Per-test media lengths in seconds; `null` answers 404, a player that never learns the length. */
export type MediaLengths = Record<string, number | null>;

/** Overrides the fixture routes' media for the ids given; every other id falls back to them. */
export async function serveSeekableMedia(context: BrowserContext, lengths: MediaLengths = {}): Promise<void> {
  if (Object.keys(lengths).length === 0) return;
  await context.route(MEDIA, (route) => {
    const id = MEDIA.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
    if (!(id in lengths)) return route.fallback();
    const seconds = lengths[id];
    if (seconds === null || seconds === undefined) {
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'no media' });
    }
    return serveMedia(route, silentWav(seconds));
  });
}
