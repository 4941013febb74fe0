import { describe, expect, it } from 'vitest';
import { IMPORT_PART, importInParts } from '../../entrypoints/library/import-parts';
import type { PartProgress } from '../../entrypoints/library/parts';
import { libraryFile } from '../../utils/export/note';
import type { ImportSummary } from '../../utils/library/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import { fakePageSend, okReply } from '../component/kit';
import { videoOf } from '../library-builders';

const idOf = (i: number) => `vid${String(i).padStart(8, '0')}`;
const fileOf = (n: number) =>
  new Blob([JSON.stringify(libraryFile(Array.from({ length: n }, (_, i) => videoOf({ videoId: idOf(i) }))))]);
const lost: ReplyError = { code: 'disconnected', message: 'The extension stopped answering.' };
const LIST = { items: [], hasAccount: true };

/** A background that holds what it imported: a video sent again is kept, never written twice. */
function fakeBackground(answer?: (ask: number) => 'lose-reply' | 'stop' | null) {
  const held = new Set<string>();
  let asks = 0;
  const summaryOf = (ids: string[], write: boolean): ImportSummary => {
    const adds = ids.filter((id) => !held.has(id));
    if (write) for (const id of adds) held.add(id);
    const counts = (n: number) => ({ transcripts: n, analyses: n, answers: n });
    return { videos: ids.length, adds: counts(adds.length), keeps: counts(ids.length - adds.length), leavesOut: 0 };
  };
  const fake = fakePageSend({
    'library.importPreview': (m) =>
      okReply(
        summaryOf(
          m.file.videos.map((v) => v.videoId),
          false,
        ),
      ),
    'library.import': (m) => {
      const what = answer?.(++asks) ?? null;
      if (what === 'stop') return { ok: false, error: lost };
      const summary = summaryOf(
        m.file.videos.map((v) => v.videoId),
        true,
      );
      // The worker wrote the part, then stopped before its reply left.
      return what === 'lose-reply' ? { ok: false, error: lost } : okReply({ ...summary, list: LIST });
    },
  });
  return { fake, held };
}

const how = (controller = new AbortController(), seen: PartProgress[] = []) => ({
  signal: controller.signal,
  onProgress: (p: PartProgress) => seen.push(p),
});

describe('the library import in parts', () => {
  it('previews and imports a part at a time, each message a part of the file, the summaries added up', async () => {
    const { fake, held } = fakeBackground();
    const seen: PartProgress[] = [];
    const file = fileOf(250);
    const preview = await importInParts(fake.send, file, false, how(undefined, seen));
    expect(preview.ok && preview.data.summary.adds.transcripts).toBe(250);
    expect(held.size).toBe(0);
    // The preview reads the file through before its count is known: its progress is in bytes.
    expect(seen.map((p) => p.videosRead)).toEqual([0, 100, 200, 250]);
    expect(seen.every((p) => p.total === file.size && p.done <= file.size)).toBe(true);
    expect(seen.at(-1)?.done).toBe(file.size);
    const writing: PartProgress[] = [];
    const done = await importInParts(fake.send, file, true, how(undefined, writing), 250);
    expect(writing).toEqual([0, 100, 200, 250].map((n) => ({ done: n, total: 250 })));
    expect(done).toEqual({
      ok: true,
      data: {
        summary: expect.objectContaining({ videos: 250, adds: { transcripts: 250, analyses: 250, answers: 250 } }),
        list: LIST,
        cancelled: false,
      },
    });
    const sent = fake.of('library.import').map((m) => m.file.videos.length);
    expect(sent).toEqual([IMPORT_PART, IMPORT_PART, 50]);
    expect(fake.of('library.import').every((m) => m.file.format === 'transcript-lens-library')).toBe(true);
  });

  it('stops between parts when cancelled, keeping the parts imported; importing again adds only the rest', async () => {
    const controller = new AbortController();
    const { fake, held } = fakeBackground((ask) => {
      if (ask === 2) controller.abort();
      return null;
    });
    const stopped = await importInParts(fake.send, fileOf(300), true, how(controller));
    expect(stopped.ok && stopped.data).toMatchObject({ cancelled: true, summary: { videos: 200 } });
    expect(held.size).toBe(200);
    const again = await importInParts(fake.send, fileOf(300), true, how());
    expect(again.ok && again.data.summary).toMatchObject({ adds: { transcripts: 100 }, keeps: { transcripts: 200 } });
    expect(held.size).toBe(300);
  });

  it('sends a part again when its worker stopped: what the lost try wrote is kept, nothing written twice', async () => {
    const { fake, held } = fakeBackground((ask) => (ask === 2 ? 'lose-reply' : null));
    const done = await importInParts(fake.send, fileOf(250), true, how());
    expect(done.ok && done.data.summary).toMatchObject({
      videos: 250,
      adds: { transcripts: 150 },
      keeps: { transcripts: 100 },
    });
    expect(held.size).toBe(250);
    expect(fake.of('library.import').map((m) => m.file.videos[0]?.videoId)).toEqual([
      idOf(0),
      idOf(100),
      idOf(100),
      idOf(200),
    ]);
  });

  it('gives up on a worker that does not come back, saying so', async () => {
    const { fake } = fakeBackground((ask) => (ask >= 2 ? 'stop' : null));
    expect(await importInParts(fake.send, fileOf(150), true, how())).toEqual({ ok: false, error: lost });
  });
});

describe('the library import read as a stream', () => {
  it('refuses a file at its first bad video with its sentence; a preview has written nothing', async () => {
    const videos = Array.from({ length: 150 }, (_, i) => videoOf({ videoId: idOf(i) }));
    const text = JSON.stringify(libraryFile(videos)).replace(`"videoId":"${idOf(120)}"`, '"videoId":"../../etc"');
    const { fake, held } = fakeBackground();
    const reply = await importInParts(fake.send, new Blob([text]), false, how());
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'bad_file',
        message: 'This library file cannot be imported: video 121, videoId is not a video id. Nothing was imported.',
      },
    });
    expect(fake.of('library.import')).toEqual([]);
    expect(held.size).toBe(0);
  });

  it('stops reading when the preview is cancelled', async () => {
    const controller = new AbortController();
    const { fake } = fakeBackground();
    const seen: PartProgress[] = [];
    const reply = await importInParts(fake.send, fileOf(350), false, {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p);
        if (p.videosRead === 100) controller.abort();
      },
    });
    expect(reply.ok && reply.data).toMatchObject({ cancelled: true, summary: { videos: 100 } });
    expect(fake.of('library.importPreview')).toHaveLength(1);
  });
});

describe('the library import of large videos', () => {
  it('sends fewer than a part of videos when they are large: a message stays within tens of MB', async () => {
    const track = videoOf().transcripts[0];
    if (!track) throw new Error('the builder has a transcript');
    const large = (i: number) =>
      videoOf({
        videoId: idOf(i),
        transcripts: ['en', 'de', 'fr', 'es', 'it'].map((languageCode) => ({
          ...track,
          languageCode,
          text: 'x'.repeat(2e6),
        })),
      });
    const { fake } = fakeBackground();
    const file = new Blob([JSON.stringify(libraryFile([0, 1, 2].map(large)))]);
    const reply = await importInParts(fake.send, file, false, how());
    expect(reply.ok && reply.data.summary.videos).toBe(3);
    expect(fake.of('library.importPreview').map((m) => m.file.videos.length)).toEqual([2, 1]);
    // Some 30 MB read and checked: given room on a slow, busy machine (nothing here is timed).
  }, 30_000);
});
