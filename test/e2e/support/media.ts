import type { BrowserContext, Route } from '@playwright/test';
import { silentWav } from '../../fixtures/media';

/**
 * The fixture routes answer media requests with a whole 200 body, which Chromium treats as not seekable
 * (`video.seekable` is [0, 0]: every seek lands back on 0). YouTube's media is seekable, so the panel
 * tests serve the same silent WAVs with byte ranges. Registered after the fixture routes, so it wins.
 */
const MEDIA = /\/__fixture\/media\/([A-Za-z0-9_-]{11})\.wav$/;

/** Lengths as the fixture routes give them; `null` answers 404, a player that never learns the length. */
export type MediaLengths = Record<string, number | null>;
const DEFAULT_LENGTHS: MediaLengths = { tvaHuman001: 624 };

async function serve(route: Route, lengths: MediaLengths): Promise<void> {
  const id = MEDIA.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
  const seconds = id in lengths ? lengths[id] : 600;
  if (seconds === null || seconds === undefined) {
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'no media' });
  }
  const wav = silentWav(seconds);
  const range = /^bytes=(\d*)-(\d*)$/.exec(route.request().headers().range ?? '');
  if (!range) {
    return route.fulfill({ status: 200, contentType: 'audio/wav', headers: { 'Accept-Ranges': 'bytes' }, body: wav });
  }
  const start = range[1] ? Number(range[1]) : 0;
  const end = range[2] ? Math.min(Number(range[2]), wav.length - 1) : wav.length - 1;
  if (start >= wav.length) {
    return route.fulfill({ status: 416, headers: { 'Content-Range': `bytes */${wav.length}` }, body: '' });
  }
  return route.fulfill({
    status: 206,
    contentType: 'audio/wav',
    headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes ${start}-${end}/${wav.length}` },
    body: wav.subarray(start, end + 1),
  });
}

export async function serveSeekableMedia(context: BrowserContext, lengths: MediaLengths = {}): Promise<void> {
  const all = { ...DEFAULT_LENGTHS, ...lengths };
  await context.route(MEDIA, (route) => serve(route, all));
}
