import { describe, expect, it } from 'vitest';
import { T0, useService } from './harness';

const s = useService();
const batch = { ids: ['tvaHuman001', 'tvaAutoGen1'] };

/** Sends a batch that the test may abort; resolves to its status, or 'aborted'. */
const send = (signal?: AbortSignal) =>
  s
    .call('POST', '/api/transcripts', { token: 'demo-pro', body: batch, ...(signal ? { signal } : {}) })
    .then((reply) => reply.status)
    .catch(() => 'aborted' as const);

describe('ledger: arrivals and requests in flight', () => {
  it('records a request when it arrives, counts it in flight while held, and again when it answers', async () => {
    await s.control('/faults', { path: '/api/transcripts', processFirst: true, delayMs: 60_000 });
    const client = new AbortController();
    const sent = send(client.signal);
    const held = await s.until((l) => l.inFlight === 1);
    expect(held.arrivals).toEqual([{ seq: 1, method: 'POST', path: '/api/transcripts', token: 'demo-pro', at: T0 }]);
    expect(held.requests).toEqual([]);
    // Processed first: the charge is on the ledger while the answer is still held.
    expect(held.charges.map((c) => c.videoId)).toEqual(['tvaHuman001', 'tvaAutoGen1']);

    s.advance(5_000);
    client.abort();
    expect(await sent).toBe('aborted');
    const after = await s.until();
    expect(after.requests).toEqual([
      {
        seq: 1,
        method: 'POST',
        path: '/api/transcripts',
        status: 200,
        token: 'demo-pro',
        arrivedAt: T0,
        at: T0 + 5_000,
        aborted: true,
      },
    ]);
    expect(after.charges).toHaveLength(2);
  });

  it('slow: every matching request is held delayMs before it is processed, then answers normally', async () => {
    expect((await s.control('/slow', { path: '/api/transcripts', delayMs: 400 })).body).toEqual({ ok: true, slow: 1 });
    const started = performance.now();
    const replies = Promise.all([send(), send()]);
    const inFlight = await s.until((l) => l.inFlight === 2);
    expect(inFlight.charges).toEqual([]);
    expect(await replies).toEqual([200, 200]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect((await s.until()).charges).toHaveLength(4);

    expect((await s.call('DELETE', '/__control/slow')).body).toEqual({ ok: true, slow: 0 });
    const fast = performance.now();
    expect(await send()).toBe(200);
    expect(performance.now() - fast).toBeLessThan(390);
  });

  it('slow with processFirst: charged on arrival, answered after the delay; faults still apply on top', async () => {
    await s.control('/slow', { path: '/api/', delayMs: 300, processFirst: true });
    await s.control('/faults', { path: '/api/transcripts', status: 503 });
    expect(await send()).toBe(503);
    const sent = send();
    const held = await s.until((l) => l.inFlight === 1);
    expect(held.charges).toHaveLength(2);
    expect(await sent).toBe(200);
    expect((await s.until()).requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('a delay before processing outlasts the client: the service still processes and charges', async () => {
    await s.control('/slow', { path: '/api/transcripts', delayMs: 600 });
    const client = new AbortController();
    const sent = send(client.signal);
    await s.until((l) => l.inFlight === 1);
    client.abort();
    expect(await sent).toBe('aborted');
    expect(await s.ledger()).toMatchObject({ inFlight: 1, charges: [] });
    const after = await s.until();
    expect(after.charges).toHaveLength(2);
    expect(after.requests).toMatchObject([{ status: 200, aborted: true }]);
  });

  it('reset ends held requests unprocessed (503) and they stay off the new ledger', async () => {
    await s.control('/slow', { path: '/api/transcripts', delayMs: 60_000 });
    const sent = send();
    await s.until((l) => l.inFlight === 1);
    await s.control('/reset', {});
    expect(await sent).toBe(503);
    expect(await s.ledger()).toEqual({ charges: [], requests: [], arrivals: [], inFlight: 0 });
    expect(await send()).toBe(200);
  });

  it('rejects a slow rule without a delay, or a delay over two minutes', async () => {
    expect((await s.control('/slow', { path: '/api/' })).status).toBe(400);
    expect((await s.control('/slow', { path: '/api/', delayMs: 120_001 })).status).toBe(400);
    expect((await s.control('/faults', { path: '/api/', processFirst: 'yes' })).status).toBe(400);
  });
});
