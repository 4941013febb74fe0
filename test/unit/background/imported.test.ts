import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askQuestion, canAsk, importedAsk } from '../../../entrypoints/background/panel/ask';
import { accountKey } from '../../../utils/account/key';
import { libraryFile } from '../../../utils/export/note';
import { jobStore } from '../../../utils/jobs/store';
import type { AnalysisState, AnswerEntry, JobReply, QuotedEstimate } from '../../../utils/panel/replies';
import { jobRecord } from '../../builders';
import { ID, videoOf } from '../../library-builders';
import { type RunningService, startService } from '../../service/index';
import { keepTrack, startBackground } from './harness';

/**
 * An analysis imported from a library file, against the local service: its job id is provenance. The service's
 * request log shows that id is never polled, fetched or asked, and the ledger that the video is priced in full.
 */
let service: RunningService;
const FOREIGN = 424_242;
const tab = { id: 'ext', tab: { id: 4, active: true, url: `https://www.youtube.com/watch?v=${ID}` } };

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());

const base = videoOf();
const file = libraryFile([videoOf({ analysis: base.analysis && { ...base.analysis, jobId: FOREIGN } })]);
const toForeign = () => service.state.requests.filter((r) => r.path.includes(`/${FOREIGN}`));
const questions = (reply: { ok: boolean; data?: AnswerEntry[] }) => (reply.data ?? []).map((e) => e.question);

describe('background: an imported analysis', () => {
  it('is shown with its answers, never polled, fetched or asked, and pays for nothing here', async () => {
    globalThis.indexedDB = new IDBFactory();
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender: tab });
    const account = await accountKey('demo-pro');
    expect(await bg.handlers.page({ type: 'library.import', file })).toMatchObject({ ok: true });

    const state = await bg.content<AnalysisState>({ type: 'analysis.get', videoId: ID });
    expect(state.ok && state.data).toMatchObject({ job: { jobId: FOREIGN, source: 'import' } });
    expect(state.ok && state.data.artifact).toEqual(base.analysis?.artifact);
    expect(questions(await bg.content<AnswerEntry[]>({ type: 'ask.history', videoId: ID }))).toEqual(['What matters?']);

    // Asking is refused with its sentence, before any quote or request.
    expect(await bg.content({ type: 'ask.quote', videoId: ID })).toMatchObject({
      ok: false,
      error: { code: 'imported_analysis', message: importedAsk() },
    });
    expect(await canAsk(bg.core, ID)).toBe(false);
    await expect(askQuestion(bg.core, ID, 'Why?')).rejects.toThrow(importedAsk());

    // Never polled, even if its record said it was running; never fetched when its artifact is missing.
    await jobStore.put(jobRecord({ account, videoId: 'tvaSpanish1', jobId: FOREIGN + 1, source: 'import' }));
    await bg.tracking.resume();
    expect(bg.tracking.poller.pendingCount()).toBe(0);
    const bare = await bg.content<AnalysisState>({ type: 'analysis.get', videoId: 'tvaSpanish1' });
    expect(bare.ok && bare.data.artifact).toBeNull();

    // Priced in full from the player's length (10:24); the imported track (ending at 1:08) never sets a price,
    // nor vouches for the page's length: only a track the service delivered does.
    const est = (durationSeconds?: number) =>
      bg.content<QuotedEstimate>({
        type: 'analysis.estimate',
        videoId: ID,
        mode: 'smart',
        partial: false,
        ...(durationSeconds !== undefined && { durationSeconds }),
      });
    const unknown = await est();
    expect(unknown.ok && unknown.data).toMatchObject({ alreadyPaid: false, aiUnits: null, exceedsGuard: true });
    const byPage = await est(624);
    expect(byPage.ok && byPage.data).toMatchObject({ aiUnits: null, pageAiUnits: 33, exceedsGuard: true });
    await keepTrack(bg, ID, 624);
    const priced = await est(624);
    expect(priced.ok && priced.data).toMatchObject({ alreadyPaid: false, aiUnits: 33 });
    expect(service.state.requests.filter((r) => r.path.startsWith('/api/'))).toEqual([]);

    // The account's own analysis can be started; it replaces the imported record and keeps its answers.
    const quoteId = priced.ok ? priced.data.quoteId : '';
    const started = await bg.content<JobReply>({
      type: 'analysis.start',
      videoId: ID,
      mode: 'smart',
      partial: false,
      quoteId,
      durationSeconds: 624,
    });
    expect(started.ok && started.data.jobId).not.toBe(FOREIGN);
    expect(started.ok && started.data.source).toBeUndefined();
    expect(service.state.charges.map((c) => [c.token, c.kind, c.amount])).toEqual([['demo-pro', 'ai', 33]]);
    expect(questions(await bg.content<AnswerEntry[]>({ type: 'ask.history', videoId: ID }))).toEqual(['What matters?']);
    expect(toForeign()).toEqual([]);
  });
});
