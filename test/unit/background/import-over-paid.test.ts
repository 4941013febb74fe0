import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importFile } from '../../../entrypoints/background/library/import';
import { accountKey } from '../../../utils/account/key';
import type { Cache } from '../../../utils/cache';
import { libraryFile } from '../../../utils/export/note';
import { type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { LibraryFile } from '../../../utils/library/file';
import type { AnalysisState, AnswerEntry } from '../../../utils/panel/replies';
import { jobRecord } from '../../builders';
import { ID, videoOf } from '../../library-builders';
import { type RunningService, startService } from '../../service/index';
import { startBackground } from './harness';

/**
 * A library file over what this account paid for: the preview writes nothing, and an import, even one that
 * meets a purchase made while it writes, never puts the file's analysis, job or answers in place of it.
 */
let service: RunningService;
const TOKEN = 'demo-pro';
const OWN = 1001;
const tab = { id: 'ext', tab: { id: 4, active: true, url: `https://www.youtube.com/watch?v=${ID}` } };
const OWN_ARTIFACT = { summary: 'The summary paid for here.' };
const answer = (question: string, text: string, askedAt = 1): AnswerEntry => ({
  question,
  askedAt,
  answer: { answer: text },
});
const PAID = answer('What matters?', 'Paid for here.');

beforeAll(async () => {
  service = await startService({ port: 0, control: true });
});
afterAll(() => service.close());
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The same video as the file has it: another job id, another summary, one question more. */
function alteredFile(): LibraryFile {
  const base = videoOf();
  if (!base.analysis) throw new Error('the builder lost its analysis');
  return libraryFile([
    videoOf({
      analysis: { ...base.analysis, jobId: 987_654, artifact: { summary: 'A summary from the file.' } },
      answers: [answer('What matters?', 'The file says.'), answer('What comes next?', 'From the file.', 2)],
    }),
  ]);
}

async function withPaidAnalysis() {
  const bg = await startBackground({ serviceUrl: service.url, token: TOKEN, sender: tab });
  const account = await accountKey(TOKEN);
  const own = jobRecord({ account, videoId: ID, jobId: OWN, status: 'ready', nextPollAt: null, endedAt: 2 });
  await jobStore.put(own);
  const cache = await bg.core.cache();
  await cache.put('analysis', `${account}:${ID}`, { jobId: OWN, artifact: OWN_ARTIFACT });
  await cache.put('answers', `${account}:${OWN}`, [PAID]);
  return { bg, account, own, cache };
}

/** Everything stored that an import could touch: the job records and every cache entry's value. */
async function stored(cache: Cache, account: string) {
  const entries = await Promise.all(
    (await cache.list()).map(async (e) => [e.kind, e.key, (await cache.peek(e.kind, e.key))?.value] as const),
  );
  return {
    jobs: await jobStore.all(account),
    entries: entries.sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
  };
}

/**
 * Lets something else be stored just before the import's first write (a purchase made meanwhile): the first of
 * the job store's write and the cache's. Returns the cache the import is to use.
 */
function meanwhile(cache: Cache, first: () => Promise<void>): Cache {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await first();
  };
  const addImported = jobStore.addImported.bind(jobStore);
  vi.spyOn(jobStore, 'addImported').mockImplementation(async (records) => {
    await once();
    return addImported(records);
  });
  return {
    ...cache,
    putAll: async (items) => {
      await once();
      return cache.putAll(items);
    },
  };
}

describe('an import over a paid analysis', () => {
  it('previews without writing, and accepted keeps the analysis and answers paid for; only the new answer joins', async () => {
    const { bg, account, cache } = await withPaidAnalysis();
    const shown = async () => {
      const state = await bg.content<AnalysisState>({ type: 'analysis.get', videoId: ID });
      return state.ok
        ? { jobId: state.data.job?.jobId, source: state.data.job?.source, artifact: state.data.artifact }
        : null;
    };
    const own = { jobId: OWN, source: undefined, artifact: OWN_ARTIFACT };
    expect(await shown()).toEqual(own);
    const before = await stored(cache, account);

    const preview = await bg.handlers.page({ type: 'library.importPreview', file: alteredFile() });
    expect(preview).toMatchObject({ ok: true, data: { adds: { analyses: 0, answers: 1 }, keeps: { analyses: 1 } } });
    expect(await stored(cache, account)).toEqual(before);
    expect(await shown()).toEqual(own);

    expect(await bg.handlers.page({ type: 'library.import', file: alteredFile() })).toMatchObject({ ok: true });
    expect(await shown()).toEqual(own);
    const history = await bg.content<AnswerEntry[]>({ type: 'ask.history', videoId: ID });
    expect(history.ok && history.data.map((e) => [e.question, e.answer])).toEqual([
      ['What matters?', { answer: 'Paid for here.' }],
      ['What comes next?', { answer: 'From the file.' }],
    ]);
  });

  it('keeps an answer bought while it writes: the file’s answers join what is held then, not what was read before', async () => {
    const { bg, account, cache } = await withPaidAnalysis();
    const bought = answer('Why latency?', 'Bought meanwhile.', 5);
    const racing = meanwhile(cache, () => cache.put('answers', `${account}:${OWN}`, [PAID, bought]));
    await importFile(racing, account, alteredFile());
    const history = await bg.content<AnswerEntry[]>({ type: 'ask.history', videoId: ID });
    expect(history.ok && history.data.map((e) => e.question)).toEqual([
      'What matters?',
      'Why latency?',
      'What comes next?',
    ]);
  });

  it('never puts the file’s job in place of one started here while it writes (a retry of a failed analysis)', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: TOKEN, sender: tab });
    const account = await accountKey(TOKEN);
    const failed = jobRecord({ account, videoId: ID, jobId: OWN, status: 'failed', nextPollAt: null });
    await jobStore.put(failed);
    const cache = await bg.core.cache();
    // The plan sees a failed job and nothing held, so the file's analysis may come in; meanwhile the person paid
    // for a new one, now running, then ready with its artifact kept.
    const retried: JobRecord = { ...failed, jobId: OWN + 1, status: 'ready', error: null, endedAt: 3 };
    const racing = meanwhile(cache, async () => {
      await jobStore.put(retried);
      await cache.put('analysis', `${account}:${ID}`, { jobId: OWN + 1, artifact: OWN_ARTIFACT });
    });
    await importFile(racing, account, alteredFile());
    expect(await jobStore.get(account, ID)).toEqual(retried);
    // Nor the answers filed with the file's job: nothing is left behind that no job leads to.
    expect((await cache.list()).map((e) => e.key)).not.toContain(`${account}:import:${ID}`);
    const state = await bg.content<AnalysisState>({ type: 'analysis.get', videoId: ID });
    expect(state.ok && state.data).toMatchObject({ job: { jobId: OWN + 1 }, artifact: OWN_ARTIFACT });
  });

  it('still brings the file’s analysis in over a failed job, and says so', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: TOKEN, sender: tab });
    const account = await accountKey(TOKEN);
    await jobStore.put(jobRecord({ account, videoId: ID, jobId: OWN, status: 'failed', nextPollAt: null }));
    const reply = await bg.handlers.page({ type: 'library.import', file: alteredFile() });
    expect(reply).toMatchObject({ ok: true, data: { adds: { analyses: 1 } } });
    const state = await bg.content<AnalysisState>({ type: 'analysis.get', videoId: ID });
    expect(state.ok && state.data).toMatchObject({
      job: { jobId: 987_654, source: 'import' },
      artifact: { summary: 'A summary from the file.' },
    });
  });
});
