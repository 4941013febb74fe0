import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCore } from '../../../entrypoints/background/core/core';
import { createLibrary } from '../../../entrypoints/background/library/library';
import { accountKey } from '../../../utils/account/key';
import { tokenItem } from '../../../utils/account/secrets';
import { libraryFile } from '../../../utils/export/note';
import { jobStore } from '../../../utils/jobs/store';
import { jobRecord } from '../../builders';
import { ID, savedTranscriptOf, videoOf } from '../../library-builders';
import { freshProfile } from './fresh-profile';

/** The library over a real (fake-indexeddb) cache and WXT's fake storage: what it lists, finds, removes, imports. */
const OTHER = 'tvaSpanish1';

async function background() {
  await freshProfile();
  const core = createCore();
  return { core, library: createLibrary(core), account: await accountKey('demo-pro-token') };
}

describe('background: the library', () => {
  beforeEach(() => vi.useRealTimers());

  it('lists what is held for the account and finds it, a new transcript included as soon as it is stored', async () => {
    const { core, library, account } = await background();
    await core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['consensus first', 'then replication']));
    await jobStore.put(jobRecord({ account, videoId: ID, jobId: 5, status: 'ready', mode: 'deep' }));
    await core.keeper.put('analysis', `${account}:${ID}`, { jobId: 5, artifact: { summary: 'Quorum talk' } });
    await core.keeper.put('analysis', `someoneelse:${OTHER}`, { jobId: 9, artifact: { summary: 'Not yours' } });

    const { items } = await library.list();
    expect(items.map((i) => [i.videoId, i.analysis?.mode, i.analysis?.aiUnits])).toEqual([[ID, 'deep', 30]]);
    expect(items[0]).toMatchObject({ title: `Title of ${ID}`, channel: 'Chan', transcript: { durationSeconds: 20 } });
    expect((await library.search('replication')).map((h) => [h.videoId, h.kind, h.at])).toEqual([
      [ID, 'transcript', 10],
    ]);
    expect((await library.search('quorum')).map((h) => h.kind)).toEqual(['summary']);
    expect(await library.search('yours')).toEqual([]);

    await core.keeper.put('transcript', `${OTHER}:es`, savedTranscriptOf(OTHER, ['cómo cambia']));
    expect((await library.search('como')).map((h) => h.videoId)).toEqual([OTHER]);
  });

  it('removes everything of a video, its job record too, and finds nothing of it after', async () => {
    const { core, library, account } = await background();
    await core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['unique marker']));
    await core.keeper.put('meta', `fallback:${ID}:de`, 'en');
    await jobStore.put(jobRecord({ account, videoId: ID, jobId: 5, status: 'ready' }));
    await core.keeper.put('analysis', `${account}:${ID}`, { jobId: 5, artifact: { summary: 'x' } });
    await core.keeper.put('answers', `${account}:5`, [{ question: 'q', askedAt: 1, answer: 'marker answer' }]);
    expect(await library.search('marker')).toHaveLength(2);

    expect(await library.remove([ID])).toBe(1);
    expect((await library.list()).items).toEqual([]);
    expect(await library.search('marker')).toEqual([]);
    expect(await jobStore.get(account, ID)).toBeNull();
    expect((await (await core.cache()).list()).map((e) => e.key)).toEqual([]);
  });

  it('removes many analysed videos with one write of the job records, the others kept', async () => {
    const { core, library, account } = await background();
    const ids = Array.from({ length: 200 }, (_, i) => `vid${String(i).padStart(8, '0')}`);
    for (const [i, videoId] of ids.entries()) {
      await core.keeper.put('transcript', `${videoId}:en`, savedTranscriptOf(videoId, ['held']));
      await jobStore.put(jobRecord({ account, videoId, jobId: i + 1, status: 'ready' }));
      await core.keeper.put('analysis', `${account}:${videoId}`, { jobId: i + 1, artifact: { summary: 'x' } });
    }
    await library.list();
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');

    expect(await library.remove(ids.slice(0, 150))).toBe(150);
    // Each record rewritten once per removed video made a whole library's removal quadratic in its size.
    const jobWrites = writes.mock.calls.filter(([items]) => 'jobsByAccount' in items);
    expect(jobWrites).toHaveLength(1);
    expect((await jobStore.all(account)).map((r) => r.videoId).sort()).toEqual(ids.slice(150));
    expect((await library.list()).items.map((i) => i.videoId).sort()).toEqual(ids.slice(150));
  });

  it('imports again what an import stopped between its job record and its analysis left out', async () => {
    const { core, library, account } = await background();
    await library.importLibrary(libraryFile([videoOf()]));
    const record = await jobStore.get(account, ID);
    // The worker stopped after the record's write, before the cache's: the record stands without its analysis.
    await (await core.cache()).delete('analysis', `${account}:${ID}`);
    expect(await library.importLibrary(libraryFile([videoOf()]))).toMatchObject({
      adds: { transcripts: 0, analyses: 1 },
      keeps: { transcripts: 1, analyses: 0 },
    });
    expect(await jobStore.get(account, ID)).toEqual(record);
    const held = (await (await core.cache()).list()).map((e) => `${e.kind} ${e.key}`);
    expect(held).toContain(`analysis ${account}:${ID}`);
    // Held again, a third import keeps it.
    expect(await library.importLibrary(libraryFile([videoOf()]))).toMatchObject({ adds: { analyses: 0 } });
  });

  it('imports a file all or nothing: a failing write leaves the cache and the job records as they were', async () => {
    const { core, library, account } = await background();
    await core.keeper.put('transcript', `${OTHER}:es`, savedTranscriptOf(OTHER, ['kept']));
    const addImported = vi.spyOn(jobStore, 'addImported').mockRejectedValueOnce(new Error('quota'));
    await expect(library.importLibrary(libraryFile([videoOf()]))).rejects.toThrow('Nothing was imported.');
    expect((await (await core.cache()).list()).map((e) => e.key)).toEqual([`${OTHER}:es`]);
    addImported.mockRestore();
    // The cache's write failing after the records were written: the records are taken back.
    const cache = await core.cache();
    const putAll = vi.spyOn(cache, 'putAll').mockRejectedValueOnce(new Error('quota'));
    await expect(library.importLibrary(libraryFile([videoOf()]))).rejects.toThrow('Nothing was imported.');
    expect(await jobStore.get(account, ID)).toBeNull();
    expect((await cache.list()).map((e) => e.key)).toEqual([`${OTHER}:es`]);
    putAll.mockRestore();

    expect(await library.importLibrary(libraryFile([videoOf()]))).toEqual({
      videos: 1,
      adds: { transcripts: 1, analyses: 1, answers: 1 },
      keeps: { transcripts: 0, analyses: 0, answers: 0 },
      leavesOut: 0,
    });
    // The file's job id is where the analysis came from, not a job of this account's.
    expect(await jobStore.get(account, ID)).toMatchObject({
      jobId: 7,
      status: 'ready',
      mode: 'smart',
      source: 'import',
    });
    const { items } = await library.list();
    expect(items.map((i) => [i.videoId, i.questions?.count ?? 0])).toEqual(
      expect.arrayContaining([
        [ID, 1],
        [OTHER, 0],
      ]),
    );
    expect((await library.search('matters')).map((h) => h.kind)).toEqual(
      expect.arrayContaining(['answer', 'citation']),
    );
  });

  it('never replaces an analysis still running here, and wants a token for paid results', async () => {
    const { library, account } = await background();
    await jobStore.put(jobRecord({ account, videoId: ID, jobId: 99, status: 'processing' }));
    const done = await library.importLibrary(libraryFile([videoOf()]));
    expect(done).toMatchObject({ adds: { analyses: 0, answers: 0 }, keeps: { analyses: 1 }, leavesOut: 1 });
    expect(await jobStore.get(account, ID)).toMatchObject({ jobId: 99, status: 'processing' });

    await tokenItem.setValue('');
    await expect(library.importLibrary(libraryFile([videoOf()]))).rejects.toThrow(/add your API token/);
  });

  it('imports over a ready analysis with answers: both stay as they are, new answers join; the preview writes nothing', async () => {
    const { core, library, account } = await background();
    const cache = await core.cache();
    await core.keeper.put('transcript', `${ID}:en`, savedTranscriptOf(ID, ['my own words']));
    await jobStore.put(jobRecord({ account, videoId: ID, jobId: 5, status: 'ready', mode: 'deep' }));
    await core.keeper.put('analysis', `${account}:${ID}`, { jobId: 5, artifact: { summary: 'Mine' } });
    const mine = [{ question: 'What matters?', askedAt: 1, answer: 'My paid answer' }];
    await core.keeper.put('answers', `${account}:5`, mine);
    const why = { question: 'Why?', askedAt: 4, answer: 'Because.' };
    const file = libraryFile([
      videoOf({ answers: [{ question: ' what  MATTERS? ', askedAt: 3, answer: 'Theirs' }, why] }),
    ]);
    const held = async () => (await cache.list()).map((e) => [e.kind, e.key, e.bytes]);
    const before = await held();

    const preview = await library.previewLibrary(file);
    expect(preview).toEqual({
      videos: 1,
      adds: { transcripts: 0, analyses: 0, answers: 1 },
      keeps: { transcripts: 1, analyses: 1, answers: 1 },
      leavesOut: 0,
    });
    expect(await held()).toEqual(before);

    expect(await library.importLibrary(file)).toEqual(preview);
    const job = await jobStore.get(account, ID);
    expect(job).toMatchObject({ jobId: 5, mode: 'deep', status: 'ready' });
    expect(job?.source).toBeUndefined();
    expect((await cache.peek('analysis', `${account}:${ID}`))?.value).toEqual({
      jobId: 5,
      artifact: { summary: 'Mine' },
    });
    expect((await cache.peek('answers', `${account}:5`))?.value).toEqual([...mine, why]);
    expect((await cache.peek('transcript', `${ID}:en`))?.value).toMatchObject({ text: 'my own words' });
    expect((await library.list()).items[0]?.questions?.count).toBe(2);
  });

  it('files an imported analysis’s answers by video: a foreign job id equal to one of ours mixes nothing', async () => {
    const { core, library, account } = await background();
    const cache = await core.cache();
    await jobStore.put(jobRecord({ account, videoId: ID, jobId: 5, status: 'ready' }));
    const mine = [{ question: 'Mine?', askedAt: 1, answer: 'Yes' }];
    await core.keeper.put('answers', `${account}:5`, mine);
    const foreign = videoOf({ videoId: OTHER, analysis: { ...(videoOf().analysis ?? fail()), jobId: 5 } });

    await library.importLibrary(libraryFile([foreign]));
    expect((await cache.peek('answers', `${account}:5`))?.value).toEqual(mine);
    expect((await cache.peek('answers', `${account}:import:${OTHER}`))?.value).toEqual(foreign.answers);
    expect(await jobStore.get(account, OTHER)).toMatchObject({ jobId: 5, source: 'import' });
    const counts = (await library.list()).items.map((i) => [i.videoId, i.questions?.count]);
    expect(counts).toEqual(
      expect.arrayContaining([
        [ID, 1],
        [OTHER, 1],
      ]),
    );
  });
});

function fail(): never {
  throw new Error('the builder has an analysis');
}
