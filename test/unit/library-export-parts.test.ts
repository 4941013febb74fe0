import { describe, expect, it } from 'vitest';
import { EXPORT_PART, EXPORT_PART_BYTES, exportJson, exportParts } from '../../entrypoints/library/export-json';
import type { PartProgress } from '../../entrypoints/library/parts';
import { libraryFile } from '../../utils/export/note';
import { parseLibraryText } from '../../utils/library/file';
import type { ReplyError } from '../../utils/protocol/envelope';
import { fakePageSend, okReply } from '../component/kit';
import { itemOf, videoOf } from '../library-builders';

const NOW = new Date(Date.UTC(2026, 10, 28));
const idOf = (i: number) => `vid${String(i).padStart(8, '0')}`;
const itemsOf = (n: number) => Array.from({ length: n }, (_, i) => itemOf({ videoId: idOf(i) }));
const lost: ReplyError = { code: 'disconnected', message: 'The extension stopped answering.' };

/** The export over `n` videos with a fake background; `answer` may stand in for it on a given ask. */
async function exported(n: number, answer?: (ask: number, videoIds: string[]) => ReplyError | null) {
  let asks = 0;
  const fake = fakePageSend({
    'library.exportText': (m) => {
      const error = answer?.(++asks, m.videoIds);
      if (error) return { ok: false, error };
      const text = m.videoIds.map((videoId) => JSON.stringify(videoOf({ videoId }))).join(',');
      return okReply({ count: m.videoIds.length, text });
    },
  });
  const saved: Blob[] = [];
  const seen: PartProgress[] = [];
  const controller = new AbortController();
  const outcome = exportJson(
    fake.send,
    itemsOf(n),
    (blob) => saved.push(blob),
    { signal: controller.signal, onProgress: (p) => seen.push(p) },
    NOW,
  );
  return { fake, saved, seen, controller, outcome };
}

describe('the library JSON export in parts', () => {
  it('asks for the videos a part at a time and writes what JSON.stringify of the whole file would', async () => {
    const { fake, saved, seen, outcome } = await exported(250);
    expect(await outcome).toEqual({ ok: true, message: 'Saved 250 videos as JSON.' });
    expect(fake.of('library.exportText').map((m) => m.videoIds.length)).toEqual([EXPORT_PART, EXPORT_PART, 50]);
    const text = await saved[0]?.text();
    const whole = libraryFile(
      itemsOf(250).map((i) => videoOf({ videoId: i.videoId })),
      NOW,
    );
    expect(text).toBe(JSON.stringify(whole));
    expect(parseLibraryText(text ?? '').ok).toBe(true);
    expect(seen).toEqual([
      { done: 0, total: 250 },
      { done: 100, total: 250 },
      { done: 200, total: 250 },
      { done: 250, total: 250 },
    ]);
  });

  it('stops between parts when cancelled and saves nothing', async () => {
    let cancel = () => {};
    const run = await exported(300, (ask) => {
      if (ask === 2) cancel();
      return null;
    });
    cancel = () => run.controller.abort();
    expect(await run.outcome).toEqual({ ok: true, message: 'Export cancelled: nothing was saved.' });
    expect(run.fake.of('library.exportText')).toHaveLength(2);
    expect(run.saved).toHaveLength(0);
  });

  it('asks again for a part whose worker stopped in the middle: every video once, in order', async () => {
    const run = await exported(250, (ask) => (ask === 2 || ask === 3 ? lost : null));
    expect((await run.outcome).ok).toBe(true);
    const asked = run.fake.of('library.exportText').map((m) => m.videoIds[0]);
    expect(asked).toEqual([idOf(0), idOf(100), idOf(100), idOf(100), idOf(200)]);
    const parsed = parseLibraryText((await run.saved[0]?.text()) ?? '');
    expect(parsed.ok && parsed.file.videos.map((v) => v.videoId)).toEqual(itemsOf(250).map((i) => i.videoId));
  });

  it('gives up on a worker that does not come back, and saves nothing', async () => {
    const run = await exported(150, (ask) => (ask >= 2 ? lost : null));
    expect(await run.outcome).toEqual({ ok: false, error: lost });
    expect(run.saved).toHaveLength(0);
    expect(run.fake.of('library.exportText')).toHaveLength(4);
  });

  it('asks for the next part before writing the one it got, with one ask unanswered at a time', async () => {
    const events: string[] = [];
    let open = 0;
    const fake = fakePageSend({
      'library.exportText': async (m) => {
        events.push(`ask ${m.videoIds[0]}`);
        open++;
        // The answer comes later: an ask sent before it is two unanswered.
        await new Promise((resolve) => setTimeout(resolve, 0));
        events.push(`open ${open}`);
        open--;
        return okReply({ count: m.videoIds.length, text: m.videoIds.map((id) => `"${id}"`).join(',') });
      },
    });
    const outcome = await exportJson(fake.send, itemsOf(250), () => {}, {
      signal: new AbortController().signal,
      onProgress: (p) => events.push(`wrote ${p.done}`),
    });
    expect(outcome.ok).toBe(true);
    // The worker reads part 2 while this page writes part 1: the ask comes before the part's progress.
    expect(events).toEqual([
      'wrote 0',
      `ask ${idOf(0)}`,
      'open 1',
      `ask ${idOf(100)}`,
      'wrote 100',
      'open 1',
      `ask ${idOf(200)}`,
      'wrote 200',
      'open 1',
      'wrote 250',
    ]);
  });

  it("cuts the parts by the videos' bytes as well as their count, every video once and in order", () => {
    const big = EXPORT_PART_BYTES / 4;
    const items = Array.from({ length: 10 }, (_, i) => itemOf({ videoId: idOf(i), bytes: i === 7 ? 5 * big : big }));
    const parts = exportParts(items);
    expect(parts.map((p) => p.length)).toEqual([4, 3, 1, 2]);
    expect(parts.flat()).toEqual(items.map((i) => i.videoId));
    expect(exportParts(itemsOf(201)).map((p) => p.length)).toEqual([EXPORT_PART, EXPORT_PART, 1]);
  });
});
