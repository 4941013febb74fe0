import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unnumberedAsk } from '../../../entrypoints/background/panel/ask';
import type { AnalysisState, JobReply, QuotedEstimate } from '../../../utils/panel/replies';
import { type RunningService, startService } from '../../service/index';
import { keepTrack, startBackground } from './harness';

/**
 * A start answered 200 "ready" with the analysis and no job id (test/fixtures/service-bodies/): the analysis the
 * account has is kept and shown, never polled or asked (it has no number), and starting again costs nothing.
 */
let service: RunningService;
const ID = 'tvaHuman001';
const tab = { id: 'ext', tab: { id: 4, active: true, url: `https://www.youtube.com/watch?v=${ID}` } };
const READY = readFileSync(
  fileURLToPath(new URL('../../fixtures/service-bodies/watch-ready-without-jobid.json', import.meta.url)),
  'utf8',
);

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());

describe('background: a ready analysis sent without a job id', () => {
  it('is kept and shown, never polled or asked; starting again charges nothing and brings the number', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender: tab });
    const estimate = () =>
      bg.content<QuotedEstimate>({
        type: 'analysis.estimate',
        videoId: ID,
        mode: 'smart',
        partial: false,
        durationSeconds: 624,
      });
    const start = (quoteId: string) =>
      bg.content<JobReply>({
        type: 'analysis.start',
        videoId: ID,
        mode: 'smart',
        partial: false,
        quoteId,
        durationSeconds: 624,
      });
    // A delivered track that ends where the player does: the page's length is a price.
    await keepTrack(bg, ID, 624);
    const priced = await estimate();
    expect(priced.ok && priced.data.aiUnits).toBe(33);
    // The service starts (and charges) the analysis, then answers "ready" with it and no job id.
    service.state.faults.push({ path: '/api/watch', processFirst: true, status: 200, text: READY, times: 1 });
    const started = await start(priced.ok ? priced.data.quoteId : '');
    expect(started.ok && started.data).toMatchObject({ jobId: 0, status: 'ready', source: 'unnumbered' });

    const state = await bg.content<AnalysisState>({ type: 'analysis.get', videoId: ID });
    expect(state.ok && state.data.artifact).toEqual({ summary: 'Analysed before.' });
    expect(bg.tracking.poller.pendingCount()).toBe(0);
    expect(await bg.content({ type: 'ask.quote', videoId: ID })).toMatchObject({
      ok: false,
      error: { code: 'unnumbered_analysis', message: unnumberedAsk() },
    });
    expect(service.state.requests.filter((r) => r.path.startsWith('/api/watch/'))).toEqual([]);
    const history = await bg.core.till.history();
    expect(history.map((e) => [e.kind, e.outcome?.state, e.outcome?.delivered])).toEqual([
      ['analysis', 'delivered', [ID]],
    ]);

    // The account has it: starting again is free, and this time the service's answer carries the number.
    const again = await estimate();
    expect(again.ok && again.data).toMatchObject({ alreadyPaid: true, aiUnits: 0 });
    const numbered = await start(again.ok ? again.data.quoteId : '');
    expect(numbered.ok && numbered.data.jobId).toBeGreaterThan(0);
    expect(numbered.ok && numbered.data.source).toBeUndefined();
    expect(service.state.charges.map((c) => [c.kind, c.amount])).toEqual([['ai', 33]]);
  });
});
