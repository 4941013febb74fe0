import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BulkStatus } from '../../../utils/channel/replies';
import { useLocalService } from '../local-service';
import { dataOf, quotedUploads, runOf, spendInWindow, startBackground } from './harness';

/**
 * A run's first batch goes alone, so that a 402 is learned from one request, unless the Cloud Request balance the
 * extension read lately covers the run (channel/bulk-probe.ts): then the first wave goes at once.
 */
const service = useLocalService(60_000);
const { control } = service;
const sender = { id: 'ext', tab: { id: 7, active: true, url: 'https://www.youtube.com/@tvabig' } };
const CHANNEL = '@tvabig';

type Logged = { path: string; status: number; arrivedAt: number; at: number };

async function transcriptRequests(): Promise<Logged[]> {
  const ledger = (await (await fetch(`${service.url}/__control/ledger`)).json()) as { requests: Logged[] };
  return ledger.requests.filter((r) => r.path === '/api/transcripts').sort((a, b) => a.arrivedAt - b.arrivedAt);
}

/** The bulk driver's looks at the saved transcripts' keys (each pass that forms batches looks at what is saved). */
let looks = 0;

/** Lists the channel (its answer tells the balance), prices the first `count` uploads and buys them to the end. */
async function buy(count: number, offset: number): Promise<BulkStatus> {
  const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender });
  const content = dataOf(bg);
  const { ids, quote } = await quotedUploads(bg, CHANNEL, count, offset);
  const keys = bg.core.keeper.keys.bind(bg.core.keeper);
  looks = 0;
  bg.core.keeper.keys = (kind, prefix) => {
    // The driver's own looks (the price and the start look too, before it).
    if (kind === 'transcript' && prefix === undefined && new Error().stack?.includes('channel/bulk.ts')) looks++;
    return keys(kind, prefix);
  };
  // The first request is answered 2 s after the service took it: long enough to see what waits for it.
  await control('faults', { path: '/api/transcripts', processFirst: true, delayMs: 2_000, times: 1 });
  const result = await spendInWindow(
    bg.handlers,
    { kind: 'bulk', channel: CHANNEL, ids, quoteId: quote.quoteId, format: 'srt' },
    sender,
  );
  if (!result.ok) throw new Error(result.error.message);
  let status = runOf(result.data);
  for (let i = 0; i < 200 && (status.state === 'running' || status.inFlight > 0); i++) {
    await new Promise((r) => setTimeout(r, 50));
    status = await content<BulkStatus>({ type: 'bulk.status', runId: status.runId });
  }
  return status;
}

describe("a bulk run's first wave", () => {
  it('goes at once when the balance read lately covers the run', async () => {
    // Starter's 1,000 Cloud Requests, told by the listing's answer: 120 videos are covered.
    const run = await buy(120, 0);
    expect(run.state).toBe('finished');
    const [first, second, third] = await transcriptRequests();
    expect([first?.status, second?.status, third?.status]).toEqual([200, 200, 200]);
    // The second and third reached the service while the first was still being answered.
    expect(second?.arrivedAt).toBeLessThan(first?.at ?? 0);
    expect(third?.arrivedAt).toBeLessThan(first?.at ?? 0);
    // The wave's three batches were formed in one pass: one look at what is saved, not one per batch.
    expect(looks).toBe(1);
  }, 30_000);

  it('waits for the first batch alone when the known balance is short of the run', async () => {
    // 60 left, told by the listing's answer (59 after it): 120 videos are not covered, 50 are.
    await control('accounts', { token: 'demo-starter', cloudRequests: 60 });
    const run = await buy(120, 200);
    const [first, second, ...rest] = await transcriptRequests();
    expect(first?.status).toBe(200);
    // The second left only once the first was answered; it was refused for free (9 left for 50).
    expect(second?.arrivedAt).toBeGreaterThanOrEqual(first?.at ?? Number.POSITIVE_INFINITY);
    expect(second?.status).toBe(402);
    expect(rest.every((r) => r.status === 402)).toBe(true);
    expect(run.state).toBe('stopped');
  }, 30_000);
});
