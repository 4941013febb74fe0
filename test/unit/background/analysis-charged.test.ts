import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill } from '../../../entrypoints/background';
import { accountStore } from '../../../entrypoints/background/core/account-store';
import { tokenItem } from '../../../utils/account/secrets';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { reconcile } from '../../../utils/till/journal';
import { type RunningService, startService } from '../../service/index';

/**
 * What the journal books for an analysis start, against the local service over real HTTP: the service charges a
 * new job only (spec: "analyzed before" answers 200 ready, and a video already queued, running or finished on the
 * account returns the same job, neither charged again), and the journal must say the same.
 */
let service: RunningService;
/** The service's clock runs ahead by this much: a job started on it moves on without the test sleeping. */
let ahead = 0;
const JOB_MS = 60_000;
const PRICE = { cloudRequests: 0, aiUnits: 33, aiUnitsUpTo: 0 };
const HUMAN = 'tvaHuman001';

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: JOB_MS, now: () => Date.now() + ahead });
});
afterAll(() => service.close());

beforeEach(async () => {
  await fetch(`${service.url}/__control/reset`, { method: 'POST' });
  ahead = 0;
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue('demo-pro');
});

/** A start made by another client of the account (another device, the assistant): the extension never saw it. */
async function startedElsewhere(videoId: string): Promise<number> {
  const response = await fetch(`${service.url}/api/watch`, {
    method: 'POST',
    headers: { Authorization: 'Basic demo-pro', 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: videoId, mode: 'smart' }),
  });
  const body: unknown = await response.json();
  if (response.status !== 202 || typeof body !== 'object' || body === null || !('jobId' in body)) {
    throw new Error(`not started: ${response.status}`);
  }
  return Number(body.jobId);
}

const aiCharged = () =>
  service.state.charges.filter((c) => c.token === 'demo-pro' && c.kind === 'ai').reduce((a, c) => a + c.amount, 0);

async function booked(core: ReturnType<typeof createCoreAndTill>) {
  const entries = (await core.till.history()).filter((e) => e.kind === 'analysis').sort((a, b) => a.at - b.at);
  return entries.map((e) => e.outcome?.charged.aiUnits);
}

describe('the journal books what the service charged for an analysis start', () => {
  it('a new job is booked at its price', async () => {
    const core = createCoreAndTill();
    const job = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    expect(job.status).toBe('queued');
    expect(await booked(core)).toEqual([33]);
    expect(aiCharged()).toBe(33);
  });

  it('"analyzed before" (200, ready at once) is booked at 0, and the reconciliation agrees', async () => {
    await startedElsewhere(HUMAN);
    ahead = JOB_MS;
    const core = createCoreAndTill();
    // A first purchase reports the balance the second one starts from, so the reconciliation has a span to read.
    await core.till.startAnalysis({ id: 'tvaSpanish1', mode: 'smart' }, PRICE, 'panel');
    const job = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    expect(job.status).toBe('ready');
    const entries = await core.till.history();
    expect(await booked(core)).toEqual([expect.any(Number), 0]);
    const r = reconcile(entries.filter((e) => e.subject.ids[0] === HUMAN));
    expect(r.reported.aiUnits).toBe(0);
    expect(r.differs.aiUnits).toBe(false);
  });

  it('the same job returned while still queued is booked at 0 when the journal knows it', async () => {
    const core = createCoreAndTill();
    const first = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    const again = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'retry');
    expect(again).toMatchObject({ jobId: first.jobId, status: 'queued' });
    expect(await booked(core)).toEqual([33, 0]);
    expect(aiCharged()).toBe(33);
    expect(reconcile(await core.till.history()).differs.aiUnits).toBe(false);
  });

  it('the same job returned while still queued is booked at 0 when its job record knows it', async () => {
    const jobId = await startedElsewhere(HUMAN);
    const core = createCoreAndTill();
    const again = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel', [jobId]);
    expect(again).toMatchObject({ jobId, status: 'queued' });
    expect(await booked(core)).toEqual([0]);
  });

  it('the same job returned while still queued, started by another device and never seen, is booked at 0', async () => {
    const core = createCoreAndTill();
    // The extension has spent before: the balances it knows are from before the other device's start.
    await core.till.startAnalysis({ id: 'tvaSpanish1', mode: 'smart' }, PRICE, 'panel');
    const jobId = await startedElsewhere(HUMAN);
    const elsewhere = aiCharged();
    // Past the till's freshness, so its start learns the balance again first (free: MCP account).
    const stale = Date.now() - 60_000;
    await accountStore.update({ balancesAt: stale, planCheckedAt: stale });
    const again = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    expect(again).toMatchObject({ jobId, status: 'queued' });
    expect(aiCharged()).toBe(elsewhere);
    expect(await booked(core)).toEqual([expect.any(Number), 0]);
    const mine = (await core.till.history()).filter((e) => e.subject.ids[0] === HUMAN);
    expect(reconcile(mine)).toMatchObject({ reported: { aiUnits: 0 }, differs: { aiUnits: false } });
  });

  it('a new job never seen is booked at its price though the balance was learned just before', async () => {
    const core = createCoreAndTill();
    await core.till.startAnalysis({ id: 'tvaSpanish1', mode: 'smart' }, PRICE, 'panel');
    const job = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    expect(job.status).toBe('queued');
    expect(await booked(core)).toEqual([expect.any(Number), 33]);
  });

  it('a job already running when started again, never seen before, is booked at 0 (a new job is queued)', async () => {
    await startedElsewhere(HUMAN);
    ahead = JOB_MS / 2;
    const core = createCoreAndTill();
    const again = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    expect(again.status).toBe('processing');
    expect(await booked(core)).toEqual([0]);
  });

  it('a new job after a failed one is booked at its price (the service charges it)', async () => {
    await fetch(`${service.url}/__control/jobs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ failNext: { errorCode: 'processing_failed', retryable: true } }),
    });
    const core = createCoreAndTill();
    const failed = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'panel');
    ahead = JOB_MS;
    const fresh = await core.till.startAnalysis({ id: HUMAN, mode: 'smart' }, PRICE, 'retry', [failed.jobId]);
    expect(fresh.jobId).not.toBe(failed.jobId);
    expect(await booked(core)).toEqual([33, 33]);
    expect(aiCharged()).toBe(66);
  });
});
