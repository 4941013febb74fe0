import { afterEach, describe, expect, it } from 'vitest';
import { readBundle } from '../../scripts/locales';
import { libraryFile } from '../../utils/export/note';
import { setCatalogue } from '../../utils/i18n/catalogue';
import { parseLibraryText } from '../../utils/library/file';
import { ID, videoOf } from '../library-builders';
import { chunked, cutAt, readWhole } from './library-read-kit';
import { highlightOf, noteOf } from './notes/builders';

const bytesOf = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
/** A stream that pulls a chunk only when one is read, so what was pulled is what was read. */
const PULLED_WHEN_READ = { highWaterMark: 0 };
const idOf = (i: number) => `vid${String(i).padStart(8, '0')}`;
const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const good = () => JSON.parse(JSON.stringify(libraryFile([videoOf()], new Date(0))));

/** A file with every awkward thing in its strings: quotes, backslashes, escapes, and characters of 2 to 4 bytes. */
const AWKWARD = JSON.stringify(
  libraryFile(
    [
      videoOf({
        title: 'A "quoted" \\ back\\slash\\\\ é ß 日本語 🎉 \u2028 \n\t end\\',
        notes: [
          noteOf({ videoId: ID, text: 'مرحبا 🎉\nsecond "line" \\', updatedAt: 5 }),
          highlightOf({ videoId: ID }),
        ],
      }),
      videoOf({ videoId: idOf(1), title: '}]{["\\"', channel: '\u0000\u001f\\u0022' }),
    ],
    new Date(0),
  ),
  null,
  1,
);

/** The streamed read equals the whole read (JSON.parse, then the schema): the same file, or the same sentence. */
async function sameAsWhole(value: unknown, cuts: (bytes: Uint8Array) => number[][] = () => [[]]) {
  const text = textOf(value);
  const whole = parseLibraryText(text);
  const bytes = bytesOf(text);
  for (const at of cuts(bytes)) expect(await readWhole(chunked(cutAt(bytes, at)))).toEqual(whole);
  return whole;
}

afterEach(() => setCatalogue('en', readBundle('en', 'all')));

describe('a library file read as a stream', () => {
  it('reads a file cut at every byte exactly as JSON.parse does: inside strings, escapes and multi-byte characters', async () => {
    const every = (bytes: Uint8Array) => Array.from({ length: bytes.length - 1 }, (_, i) => [i + 1]);
    const whole = await sameAsWhole(AWKWARD, every);
    expect(whole.ok && whole.file.videos[0]?.title).toContain('🎉');
    // One byte at a time: every character split, every escape split from what it escapes.
    const bytes = bytesOf(AWKWARD);
    const single = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(await readWhole(chunked(cutAt(bytes, single)))).toEqual(whole);
    // Some thousands of whole reads: given room on a slow, busy machine (nothing here is timed).
  }, 30_000);

  it('reads its own export of many videos, and files with spaces, other member orders, or no videos', async () => {
    const many = libraryFile(
      Array.from({ length: 250 }, (_, i) => videoOf({ videoId: idOf(i) })),
      new Date(0),
    );
    const read = await sameAsWhole(many, (b) => [[], [7, 4096, 65_536], [Math.floor(b.length / 2)]]);
    expect(read.ok && read.file.videos.map((v) => v.videoId)).toEqual(many.videos.map((v) => v.videoId));
    const { videos, ...head } = good();
    expect((await sameAsWhole({ videos, ...head })).ok).toBe(true);
    expect((await sameAsWhole({ ...head, videos: [] })).ok).toBe(true);
    expect((await sameAsWhole(` \n${JSON.stringify(good(), null, 2)}\n `)).ok).toBe(true);
    // A byte order mark is dropped before the JSON, as `Blob.text()` drops it.
    const marked = bytesOf(`\uFEFF${JSON.stringify(good())}`);
    expect(await readWhole(chunked([marked.subarray(0, 1), marked.subarray(1)]))).toMatchObject({ ok: true });
  });

  it('refuses what is not JSON, or not a library export, with the same sentence as a whole read', async () => {
    for (const bad of [
      '{ nope',
      'not json at all',
      '{"hello":"world"}',
      [1, 2],
      { ...good(), version: 2 },
      `${JSON.stringify(good())} trailing`,
      JSON.stringify(good()).slice(0, -3),
      `${JSON.stringify(good()).slice(0, -2)},]}`,
      '{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":[,]}',
      '{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":{}}',
      '{"format":"transcript-lens-library","version":1,"exportedAt":"x"}',
      '{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":[],}',
      '{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":[}',
      `{"__proto__":{"x":1},${JSON.stringify(good()).slice(1)}`,
      '{}',
    ]) {
      const whole = await sameAsWhole(bad);
      expect(whole.ok, textOf(bad)).toBe(false);
    }
    expect(await readWhole(chunked([bytesOf('not json at all')]))).toEqual({
      ok: false,
      message: 'This file is not JSON, so it is not a library export. Nothing was imported.',
    });
  });

  it('names the place and the problem of a wrong video, in the interface language too', async () => {
    const file = good();
    file.videos.push({ ...structuredClone(file.videos[0]), videoId: idOf(1) });
    file.videos[1].transcripts[0].segments[1].start = 'soon';
    const refused = await sameAsWhole(file, (b) => [[], [b.length - 40]]);
    expect(refused).toEqual({
      ok: false,
      message:
        'This library file cannot be imported: video 2, transcript 1, cue 2, start is missing or not a number. Nothing was imported.',
    });
    setCatalogue('es', readBundle('es', 'all'));
    expect(await sameAsWhole(file)).toMatchObject({ message: expect.stringContaining('vídeo 2, transcripción 1') });
    const twice = good();
    twice.videos.push(twice.videos[0]);
    expect(await sameAsWhole(twice)).toMatchObject({ message: expect.stringMatching(/vídeo 2, videoId/) });
    const elsewhere = libraryFile([videoOf({ notes: [noteOf()] })]);
    expect((await sameAsWhole(elsewhere)).ok).toBe(false);
  });

  it('refuses a file past 20,000 videos at the video past it, without reading on', async () => {
    const video = JSON.stringify(videoOf({ transcripts: [], analysis: null, answers: [] }));
    const head = '{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":[';
    const ids = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => video.replace(ID, idOf(from + i))).join(',');
    let pulled = 0;
    // Video 20,001 ends where the fourth part starts; the fifth is never read.
    const parts = [head, ids(0, 10_000), `,${ids(10_000, 10_001)}`, ',"never checked"', ']}'];
    const stream = () =>
      new ReadableStream<Uint8Array<ArrayBuffer>>(
        {
          pull(controller) {
            const part = parts[pulled++];
            if (part === undefined) controller.close();
            else controller.enqueue(bytesOf(part));
          },
        },
        PULLED_WHEN_READ,
      );
    expect(await readWhole({ stream })).toEqual({
      ok: false,
      message: 'This library file cannot be imported: videos has more than 20,000 items. Nothing was imported.',
    });
    expect(pulled).toBe(4);
  });

  it('refuses a file of another format as soon as its head is read, before its videos', async () => {
    let pulled = 0;
    const stream = () =>
      new ReadableStream<Uint8Array<ArrayBuffer>>(
        {
          pull(controller) {
            pulled++;
            controller.enqueue(bytesOf(pulled === 1 ? '{"format":"other","videos":[' : '{},'));
          },
        },
        PULLED_WHEN_READ,
      );
    expect(await readWhole({ stream })).toMatchObject({ message: expect.stringMatching(/not a Transcript Lens/) });
    expect(pulled).toBe(1);
  });

  it('refuses a video larger than 50 MB without holding more of it', async () => {
    let pulled = 0;
    const mb = 'x'.repeat(1024 * 1024);
    const stream = () =>
      new ReadableStream<Uint8Array<ArrayBuffer>>({
        pull(controller) {
          pulled++;
          const head = '{"format":"transcript-lens-library","version":1,"exportedAt":"x","videos":[{"title":"';
          controller.enqueue(bytesOf(pulled === 1 ? head : mb));
        },
      });
    expect(await readWhole({ stream })).toEqual({
      ok: false,
      message: 'This library file cannot be imported: video 1 is larger than 50 MB. Nothing was imported.',
    });
    expect(pulled).toBeLessThan(55);
  });
});
