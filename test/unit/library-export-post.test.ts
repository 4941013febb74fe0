import { describe, expect, it } from 'vitest';
import { type ClientsLike, createExportPost } from '../../entrypoints/background/library/export-post';
import { exportJson } from '../../entrypoints/library/export-json';
import { byPost, postedParts } from '../../entrypoints/library/export-read';
import { ASKS } from '../../entrypoints/library/parts';
import { parseLibraryText } from '../../utils/library/file';
import type { ExportPosted } from '../../utils/library/file-parts';
import { fail } from '../../utils/protocol/envelope';
import { fakePageSend, okReply } from '../component/kit';
import { itemOf, videoOf } from '../library-builders';

const PAGE = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/library.html';
const idOf = (i: number) => `vid${String(i).padStart(8, '0')}`;
const textOf = (videoIds: readonly string[]) =>
  videoIds.map((videoId) => JSON.stringify(videoOf({ videoId }))).join(',');
/** As the worker's exportPart: the part's bytes handed to `make`. */
const bytesOf = async <R>(videoIds: readonly string[], make: (count: number, bytes: Uint8Array<ArrayBuffer>) => R) =>
  make(videoIds.length, new TextEncoder().encode(textOf(videoIds)));
const how = () => ({ signal: new AbortController().signal, onProgress: () => {} });

/** The library page's `navigator.serviceWorker` and the worker's windows: this page, and another of its pages. */
function world() {
  const container = Object.assign(new EventTarget(), { startMessages: () => {} }) as unknown as ServiceWorkerContainer;
  const elsewhere: unknown[] = [];
  const windows: ClientsLike = {
    matchAll: async () => [
      { url: PAGE, postMessage: (data) => container.dispatchEvent(new MessageEvent('message', { data })) },
      { url: PAGE.replace('library', 'options'), postMessage: (data) => elsewhere.push(data) },
    ],
  };
  return { container, elsewhere, exportPost: createExportPost(bytesOf, () => windows) };
}

describe("Chromium's export parts: asked by message, posted to the asking page as a Blob", () => {
  it('posts the part to the page that asked only, then answers its count; refuses outside a service worker', async () => {
    const { container, elsewhere, exportPost } = world();
    const seen: unknown[] = [];
    container.addEventListener('message', (event) => seen.push((event as MessageEvent).data));
    expect(await exportPost([idOf(1), idOf(2)], 'p1', PAGE)).toEqual({ count: 2 });
    const [posted] = seen as ExportPosted[];
    expect(posted?.part).toBe('p1');
    expect(await posted?.body.text()).toBe(textOf([idOf(1), idOf(2)]));
    expect(elsewhere).toHaveLength(0);
    await expect(createExportPost(bytesOf, () => null)([idOf(1)], 'p2', PAGE)).rejects.toThrow();
  });

  it('asks again when the worker stopped before answering: every video once, in order', async () => {
    const { container, exportPost } = world();
    let asks = 0;
    const fake = fakePageSend({
      'library.exportPart': async (m) => {
        asks++;
        // The second ask meets a worker that stops: the message fails as send says it (nothing posted).
        if (asks === 2) return fail('disconnected', 'stopped');
        return okReply(await exportPost(m.videoIds, m.part, PAGE));
      },
    });
    const items = Array.from({ length: 250 }, (_, i) => itemOf({ videoId: idOf(i) }));
    const saved: Blob[] = [];
    const read = byPost(fake.send, postedParts(container));
    const outcome = await exportJson(fake.send, items, (b) => saved.push(b), how(), new Date(), read);
    expect(outcome).toEqual({ ok: true, message: 'Saved 250 videos as JSON.' });
    expect(fake.of('library.exportPart').map((m) => m.videoIds[0])).toEqual([idOf(0), idOf(100), idOf(100), idOf(200)]);
    const parts = fake.of('library.exportPart').map((m) => m.part);
    expect(new Set(parts).size).toBe(parts.length);
    const parsed = parseLibraryText((await saved[0]?.text()) ?? '');
    expect(parsed.ok && parsed.file.videos.map((v) => v.videoId)).toEqual(items.map((i) => i.videoId));
  });

  it('takes a Blob that comes after the answer (another way through the browser), asking once', async () => {
    const { container } = world();
    const fake = fakePageSend({
      'library.exportPart': async (m) => {
        const data: ExportPosted = { part: m.part, count: 1, body: new Blob([textOf(m.videoIds)]) };
        setTimeout(() => container.dispatchEvent(new MessageEvent('message', { data })), 20);
        return okReply({ count: 1 });
      },
    });
    const saved: Blob[] = [];
    const read = byPost(fake.send, postedParts(container, 1_000));
    const outcome = await exportJson(
      fake.send,
      [itemOf({ videoId: idOf(0) })],
      (b) => saved.push(b),
      how(),
      new Date(),
      read,
    );
    expect(outcome).toEqual({ ok: true, message: 'Saved 1 video as JSON.' });
    expect(fake.of('library.exportPart')).toHaveLength(1);
  });

  it('takes a Blob that never came as a stop: asked again ASKS times, then a sentence, nothing saved', async () => {
    const { container } = world();
    // Answered, but nothing posted to this page.
    const fake = fakePageSend({ 'library.exportPart': async (m) => okReply({ count: m.videoIds.length }) });
    const saved: Blob[] = [];
    const read = byPost(fake.send, postedParts(container, 5));
    const outcome = await exportJson(
      fake.send,
      [itemOf({ videoId: idOf(0) })],
      (b) => saved.push(b),
      how(),
      new Date(),
      read,
    );
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'disconnected',
        message: 'The export stopped: Transcript Lens did not answer. Nothing was saved; export again.',
      },
    });
    expect(fake.of('library.exportPart')).toHaveLength(ASKS);
    expect(saved).toHaveLength(0);
  });
});
