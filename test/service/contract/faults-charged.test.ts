import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService();
type Job = { jobId: number; status: string };

/** A POST whose client gives up after `ms`, as the extension's 20 s timeout would. */
const postGivingUp = (path: string, body: unknown, ms = 1_000) =>
  s.call('POST', path, { token: 'demo-pro', body, signal: AbortSignal.timeout(ms) }).then(
    (reply) => reply.status,
    (error: unknown) => (error instanceof Error ? error.name : 'error'),
  );

describe('faults after processing (processFirst): charged, then held or unreadable', () => {
  it('transcripts: charged and delivered, then held past the client timeout; the charge is on the ledger once', async () => {
    await s.control('/faults', { path: '/api/transcripts', processFirst: true, delayMs: 60_000 });
    expect(await postGivingUp('/api/transcripts', { ids: ['tvaHuman001'] })).toBe('TimeoutError');
    // The hold ends once the client has gone: nothing is left in flight.
    const ledger = await s.until();
    expect(ledger.charges).toMatchObject([{ kind: 'cloud', amount: 1, videoId: 'tvaHuman001' }]);
    expect(ledger.requests).toMatchObject([{ path: '/api/transcripts', status: 200, aborted: true }]);
    // The fault was used once: the client's retry is answered (and charged) normally.
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).body).toMatchObject({
      cloudRequestsRemaining: 3498,
    });
  });

  it('watch: the held start leaves its job; a re-POST returns the same job, free', async () => {
    await s.control('/faults', { path: '/api/watch', processFirst: true, delayMs: 60_000 });
    expect(await postGivingUp('/api/watch', { id: 'tvaHuman001' })).toBe('TimeoutError');
    const again = await s.post('/api/watch', { id: 'tvaHuman001' });
    expect(again).toMatchObject({ status: 202, body: { status: 'queued', aiUnitsRemaining: 10000 - 33 } });
    expect((await s.get(`/api/watch/${(again.body as Job).jobId}`)).status).toBe(200);
    const ledger = await s.until();
    expect(ledger.charges).toMatchObject([{ kind: 'ai', amount: 33, reason: 'analysis', videoId: 'tvaHuman001' }]);
    expect(ledger.requests.map((r) => [r.path, r.status, r.aborted ?? false])).toEqual([
      ['/api/watch', 202, true],
      ['/api/watch', 202, false],
      [`/api/watch/${(again.body as Job).jobId}`, 200, false],
    ]);
  });

  it('transcripts: charged, then an unreadable 200 (truncated JSON)', async () => {
    await s.control('/faults', { path: '/api/transcripts', processFirst: true, status: 200, body: 'malformed' });
    const reply = await s.post('/api/transcripts', { ids: ['tvaHuman001', 'tvaPrivate1'] });
    expect([reply.status, reply.headers.get('content-type')]).toEqual([200, 'application/json']);
    expect(() => JSON.parse(reply.text)).toThrow();
    // Only the delivered video is charged, as the real processing decided.
    expect((await s.ledger()).charges).toMatchObject([{ amount: 1, videoId: 'tvaHuman001' }]);
  });

  it('watch: charged, then a text body with the real status (202) when no status is given', async () => {
    const page = '<html><body>Gateway says hello</body></html>';
    await s.control('/faults', { path: '/api/watch', processFirst: true, text: page, contentType: 'text/html' });
    const reply = await s.post('/api/watch', { id: 'tvaHuman001' });
    expect([reply.status, reply.headers.get('content-type'), reply.text]).toEqual([202, 'text/html', page]);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    const again = await s.post('/api/watch', { id: 'tvaHuman001' });
    expect(again).toMatchObject({ status: 202, body: { jobId: expect.any(Number), status: 'queued' } });
    expect((await s.ledger()).charges).toHaveLength(1);
  });

  it('charged, then held, then any status: a 504 after the work was done', async () => {
    await s.control('/faults', { path: '/api/transcripts', processFirst: true, delayMs: 200, status: 504 });
    const started = performance.now();
    const reply = await s.post('/api/transcripts', { ids: ['tvaAutoGen1'] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(reply).toMatchObject({ status: 504, body: { error: 'internal', message: 'Injected fault.' } });
    expect((await s.ledger()).charges).toHaveLength(1);
  });

  it('refused requests stay free: a 402 held and replaced is still not charged', async () => {
    await s.control('/accounts', { token: 'demo-pro', cloudRequests: 0 });
    await s.control('/faults', { path: '/api/transcripts', processFirst: true, status: 200, text: '' });
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).status).toBe(200);
    expect((await s.ledger()).charges).toEqual([]);
  });
});
