import { describe, expect, it } from 'vitest';
import { createExportFetch, EXPORT_TOKEN_MS, exportRoutes } from '../../entrypoints/background/library/export-fetch';
import { exportJson } from '../../entrypoints/library/export-json';
import { byFetch } from '../../entrypoints/library/export-read';
import { ASKS } from '../../entrypoints/library/parts';
import { parseLibraryText } from '../../utils/library/file';
import { fakePageSend, okReply } from '../component/kit';
import { itemOf, videoOf } from '../library-builders';

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';
const PAGE = `${ORIGIN}library.html`;
const idOf = (i: number) => `vid${String(i).padStart(8, '0')}`;
const textOf = (videoIds: readonly string[]) =>
  videoIds.map((videoId) => JSON.stringify(videoOf({ videoId }))).join(',');
/** As the worker's exportPart: the part's bytes handed to `make`. */
const bytesOf = async <R>(videoIds: readonly string[], make: (count: number, bytes: Uint8Array<ArrayBuffer>) => R) =>
  make(videoIds.length, new TextEncoder().encode(textOf(videoIds)));

describe("Chromium's export parts: one-time addresses the worker answers", () => {
  it('answers an address once, to a page of this extension only, and leaves every other fetch alone', async () => {
    let clock = 1_000;
    const exportFetch = createExportFetch(bytesOf, ORIGIN, () => clock);
    const { url } = exportFetch.open([idOf(1)]);
    expect(url.startsWith(`${ORIGIN}library-export/`)).toBe(true);
    expect(exportFetch.open([idOf(1)]).url).not.toBe(url);
    // A YouTube page (or no page) gets nothing, and the address is spent.
    expect((await exportFetch.answer(url, 'https://www.youtube.com/watch?v=x'))?.status).toBe(403);
    expect((await exportFetch.answer(url, undefined))?.status).toBe(403);
    const { url: fresh } = exportFetch.open([idOf(2)]);
    const answered = await exportFetch.answer(fresh, PAGE);
    expect(answered?.status).toBe(200);
    expect(answered?.headers.get('x-export-count')).toBe('1');
    expect(await answered?.text()).toBe(textOf([idOf(2)]));
    expect((await exportFetch.answer(fresh, PAGE))?.status).toBe(404);
    // An address not fetched in time is refused.
    const { url: late } = exportFetch.open([idOf(3)]);
    clock += EXPORT_TOKEN_MS + 1;
    expect((await exportFetch.answer(late, PAGE))?.status).toBe(404);
    // The extension's own files, and other sites, go on as usual.
    expect(await exportFetch.answer(`${ORIGIN}library.html`, PAGE)).toBeNull();
    expect(await exportFetch.answer('https://www.youtube.com/library-export/x.json', PAGE)).toBeNull();
  });

  it('asks for a new address when the worker stopped before answering (it forgot the old one): every video once', async () => {
    const exportFetch = createExportFetch(bytesOf, ORIGIN);
    const fake = fakePageSend({ 'library.exportUrl': async (m) => okReply(exportFetch.open(m.videoIds)) });
    let fetches = 0;
    const stopped = async (url: string) => {
      fetches++;
      // The second fetch meets a stopped worker; the third a new worker that never opened that address.
      if (fetches === 2) throw new TypeError('Failed to fetch');
      if (fetches === 3) return (await createExportFetch(bytesOf, ORIGIN).answer(url, PAGE)) ?? Response.error();
      return (await exportFetch.answer(url, PAGE)) ?? Response.error();
    };
    const items = Array.from({ length: 250 }, (_, i) => itemOf({ videoId: idOf(i) }));
    const saved: Blob[] = [];
    const how = { signal: new AbortController().signal, onProgress: () => {} };
    const outcome = await exportJson(
      fake.send,
      items,
      (b) => saved.push(b),
      how,
      new Date(),
      byFetch(fake.send, stopped),
    );
    expect(outcome).toEqual({ ok: true, message: 'Saved 250 videos as JSON.' });
    expect(fake.of('library.exportUrl').map((m) => m.videoIds[0])).toEqual([
      idOf(0),
      idOf(100),
      idOf(100),
      idOf(100),
      idOf(200),
    ]);
    const parsed = parseLibraryText((await saved[0]?.text()) ?? '');
    expect(parsed.ok && parsed.file.videos.map((v) => v.videoId)).toEqual(items.map((i) => i.videoId));
  });

  it('gives up with a sentence after ASKS failed fetches of a part, and saves nothing', async () => {
    const fake = fakePageSend({ 'library.exportUrl': async () => okReply({ url: `${ORIGIN}library-export/x.json` }) });
    const saved: Blob[] = [];
    const how = { signal: new AbortController().signal, onProgress: () => {} };
    const gone = async () => new Response(null, { status: 404 });
    const items = [itemOf({ videoId: idOf(0) })];
    const outcome = await exportJson(fake.send, items, (b) => saved.push(b), how, new Date(), byFetch(fake.send, gone));
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'disconnected',
        message: 'The export stopped: Transcript Lens did not answer. Nothing was saved; export again.',
      },
    });
    expect(fake.of('library.exportUrl')).toHaveLength(ASKS);
    expect(saved).toHaveLength(0);
  });

  it("routes every other fetch of the extension's pages past the worker, where the browser can (Chrome 123+)", async () => {
    const added: unknown[] = [];
    const waited: Promise<unknown>[] = [];
    class Pattern {
      constructor(readonly init: { pathname: string }) {}
    }
    const install = Object.assign(new Event('install'), {
      addRoutes: async (rules: unknown) => void added.push(rules),
      waitUntil: (done: Promise<unknown>) => void waited.push(done),
    });
    exportRoutes(install, Pattern);
    await Promise.all(waited);
    expect(added).toEqual([
      [{ condition: { not: { urlPattern: new Pattern({ pathname: '/library-export/*' }) } }, source: 'network' }],
    ]);
    // An older Chrome has no routes: nothing is asked of it (the handler lets those fetches through).
    const older = Object.assign(new Event('install'), {
      waitUntil: (done: Promise<unknown>) => void waited.push(done),
    });
    exportRoutes(older, Pattern);
    expect(waited).toHaveLength(1);
  });
});
