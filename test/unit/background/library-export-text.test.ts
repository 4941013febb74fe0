import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../entrypoints/background/core/core';
import { createExportPost } from '../../../entrypoints/background/library/export-post';
import { createLibrary } from '../../../entrypoints/background/library/library';
import { createNotes } from '../../../entrypoints/background/notes/notes';
import { EXPORT_PART_BYTES, exportJson } from '../../../entrypoints/library/export-json';
import { byMessage, byPost, postedParts } from '../../../entrypoints/library/export-read';
import { accountKey } from '../../../utils/account/key';
import { jobStore } from '../../../utils/jobs/store';
import type { ExportPosted } from '../../../utils/library/file-parts';
import { jobRecord } from '../../builders';
import { fakePageSend, okReply } from '../../component/kit';
import { itemOf } from '../../library-builders';
import { highlightOf } from '../notes/builders';
import { freshProfile } from './fresh-profile';

/** The file's text written by the worker from the cues as stored equals the old path's: objects, then stringify. */
const idOf = (i: number) => `tvaText${String(i).padStart(4, '0')}`;
const PAGE = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/library.html';
const VIDEOS = 24;
const IDS = Array.from({ length: VIDEOS }, (_, i) => idOf(i));
// Texts JSON escapes (quotes, backslashes, controls, lone surrogates), and numbers JSON writes its own way.
const TEXTS = ['plain', 'a "quote" \\ back', 'tab\tnew\nline\u0001', 'ünï 中文 😀', '\ud800 lone', '', '</script>'];
const NUMBERS = [0, 0.1 + 0.2, 1e21, 1e-7, 123.456, 5e-324, 86_399.999];

function generated(videoId: string, lang: string, seed: number) {
  const cues = 40 + (seed % 30);
  // Half the tracks without the lone surrogate: the worker writes those from the texts' bytes, the others by stringify.
  const texts = seed % 2 ? TEXTS : TEXTS.filter((text) => !text.includes('\ud800'));
  const segments = Array.from({ length: cues }, (_, i) => ({
    text: `${texts[(seed + i) % texts.length]} ${i}`,
    start: NUMBERS[(seed * 3 + i) % NUMBERS.length] ?? 0,
    duration: NUMBERS[(seed + i * 5) % NUMBERS.length] ?? 0,
  }));
  return {
    status: 'ok',
    videoId,
    fetchedAt: 1_700_000_000_000 + seed,
    title: seed % 5 === 0 ? null : `Title "${seed}" ${TEXTS[seed % TEXTS.length]}`,
    author: `Channel ${seed}`,
    language: lang,
    languageCode: lang,
    isGenerated: seed % 2 === 0,
    text: segments.map((s) => s.text).join(' '),
    segments,
  };
}

/** A library of generated videos: two tracks for some, one stored as it came (a cue with a field more: not packed), an analysis with answers, one with answers not a list, notes. */
async function library() {
  await freshProfile();
  const account = await accountKey('demo-pro-token');
  const core = createCore();
  const notes = createNotes();
  for (const [i, id] of IDS.entries()) {
    await core.keeper.put('transcript', `${id}:en`, generated(id, 'en', i));
    if (i % 3 === 0) await core.keeper.put('transcript', `${id}:de`, generated(id, 'de', i + 100));
  }
  const odd = generated(idOf(1), 'fr', 7);
  await core.keeper.put('transcript', `${idOf(1)}:fr`, { ...odd, segments: [{ ...odd.segments[0], speaker: 'A' }] });
  const analyzed = idOf(2);
  await jobStore.put(jobRecord({ account, videoId: analyzed, jobId: 9, status: 'ready', mode: 'deep' }));
  await core.keeper.put('analysis', `${account}:${analyzed}`, { jobId: 9, artifact: { summary: 'Quorum "talk"' } });
  await core.keeper.put('answers', `${account}:9`, [{ question: 'Why?', askedAt: 2, answer: 'Because.' }]);
  // Answers that are not a list (as no version stores them): left out by both paths alike.
  await jobStore.put(jobRecord({ account, videoId: idOf(4), jobId: 10, status: 'ready', mode: 'deep' }));
  await core.keeper.put('analysis', `${account}:${idOf(4)}`, { jobId: 10, artifact: { summary: 'Other' } });
  await core.keeper.put('answers', `${account}:10`, { question: 'Not a list' });
  await notes.put(highlightOf({ videoId: idOf(3), text: 'kept "words"' }));
  await notes.put(highlightOf({ videoId: 'tvaTextOnly', videoTitle: 'Only notes here' }));
  return createLibrary(core, notes);
}

describe('background: the JSON export written from the cues as stored', () => {
  it('writes byte for byte what JSON.stringify of the exported videos writes, part by part', async () => {
    const lib = await library();
    const asked = [...IDS, 'tvaTextOnly', 'tvaTextNone'];
    for (let i = 0; i < asked.length; i += 10) {
      const ids = asked.slice(i, i + 10);
      const videos = await lib.exportVideos(ids);
      const { count, text } = await lib.exportText(ids);
      expect(count).toBe(videos.length);
      // The old path: each exported video through JSON.stringify, joined as the file's array joins them.
      expect(text).toBe(videos.map((video) => JSON.stringify(video)).join(','));
    }
    const all = await lib.exportVideos(asked);
    expect(all).toHaveLength(VIDEOS + 1);
    expect(all[1]?.transcripts.map((t) => t.languageCode).sort()).toEqual(['en', 'fr']);
    expect(all[2]?.answers).toHaveLength(1);
    expect(all[4]?.analysis).toBeTruthy();
    expect(all[4]?.answers ?? []).toHaveLength(0);
    expect(all[3]?.notes).toHaveLength(1);
    expect(all.at(-1)?.title).toBe('Only notes here');
  });

  it('hands back an empty part for videos it does not hold', async () => {
    const lib = await library();
    expect(await lib.exportText(['tvaTextNone'])).toEqual({ count: 0, text: '' });
  });

  it('answers two parts asked at once each with its own videos (the worker writes them in one buffer)', async () => {
    const lib = await library();
    const posted: ExportPosted[] = [];
    const windows = { matchAll: async () => [{ url: PAGE, postMessage: (p: ExportPosted) => void posted.push(p) }] };
    const exportPost = createExportPost(lib.exportBytes, () => windows);
    const [one, two] = [IDS.slice(0, 12), IDS.slice(12)];
    await Promise.all([exportPost(one, 'one', PAGE), exportPost(two, 'two', PAGE)]);
    for (const [part, ids] of [['one', one] as const, ['two', two] as const]) {
      const text = await posted.find((p) => p.part === part)?.body.text();
      expect(text).toBe((await lib.exportVideos(ids)).map((video) => JSON.stringify(video)).join(','));
    }
  });

  it("writes the same file by the worker's posted Blobs (Chromium) as by messages (Firefox), byte for byte", async () => {
    const lib = await library();
    const container = Object.assign(new EventTarget(), {
      startMessages: () => {},
    }) as unknown as ServiceWorkerContainer;
    const post = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));
    const exportPost = createExportPost(lib.exportBytes, () => ({
      matchAll: async () => [{ url: PAGE, postMessage: post }],
    }));
    const fake = fakePageSend({
      'library.exportText': async (m) => okReply(await lib.exportText(m.videoIds)),
      'library.exportPart': async (m) => okReply(await exportPost(m.videoIds, m.part, PAGE)),
    });
    const items = [...IDS, 'tvaTextOnly', 'tvaTextNone'].map((videoId) =>
      itemOf({ videoId, bytes: EXPORT_PART_BYTES / 5 }),
    );
    const now = new Date(Date.UTC(2026, 10, 29));
    const files: Blob[] = [];
    const how = { signal: new AbortController().signal, onProgress: () => {} };
    for (const read of [byMessage(fake.send), byPost(fake.send, postedParts(container))]) {
      const outcome = await exportJson(fake.send, items, (blob) => files.push(blob), how, now, read);
      expect(outcome).toEqual({ ok: true, message: `Saved ${VIDEOS + 1} videos as JSON.` });
    }
    // Several parts each way (five videos a part, by their bytes), every video once.
    expect(fake.of('library.exportPart').length).toBeGreaterThan(3);
    expect(fake.of('library.exportPart')).toHaveLength(fake.of('library.exportText').length);
    const [byText, byAnswer] = await Promise.all(files.map((file) => file.arrayBuffer()));
    expect(byAnswer?.byteLength).toBeGreaterThan(10_000);
    expect(new Uint8Array(byAnswer ?? new ArrayBuffer(0))).toEqual(new Uint8Array(byText ?? new ArrayBuffer(1)));
  });
});
