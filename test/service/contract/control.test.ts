import { describe, expect, it } from 'vitest';
import { T0, useService } from './harness';

const s = useService();

describe('control API', () => {
  it('ledger: charges; requests (method, path, status, token, at, seq, arrivedAt); arrivals; inFlight', async () => {
    await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
    const ledger = await s.ledger();
    expect(ledger.inFlight).toBe(0);
    expect(ledger.arrivals).toEqual([{ seq: 1, method: 'POST', path: '/api/transcripts', token: 'demo-pro', at: T0 }]);
    expect(ledger.charges).toEqual([
      { token: 'demo-pro', kind: 'cloud', amount: 1, reason: 'transcript', videoId: 'tvaHuman001', at: T0 },
    ]);
    expect(ledger.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/transcripts',
      status: 200,
      token: 'demo-pro',
      at: T0,
      seq: 1,
      arrivedAt: T0,
    });
  });

  it('ledger: a test’s own calls are marked direct, answers of injected faults injected', async () => {
    await s.call('POST', '/api/transcripts', {
      token: 'demo-pro',
      body: { ids: ['tvaHuman001'] },
      headers: { 'X-Test-Direct': '1' },
    });
    await s.control('/faults', { path: '/api/transcripts', status: 429, retryAfter: 1 });
    await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
    await s.control('/faults', { path: '/api/transcripts', processFirst: true, body: 'malformed' });
    await s.post('/api/transcripts', { ids: ['tvaAutoGen1'] });
    await s.post('/api/transcripts', { ids: ['tvaAutoGen1'] });
    const ledger = await s.ledger();
    expect(ledger.arrivals.map((a) => a.direct ?? false)).toEqual([true, false, false, false]);
    expect(ledger.requests.map((r) => [r.status, r.direct ?? false, r.injected ?? false])).toEqual([
      [200, true, false],
      [429, false, true],
      [200, false, true],
      [200, false, false],
    ]);
  });

  it('faults: injected status, body, Retry-After, for `times` requests on a path prefix', async () => {
    await s.control('/faults', { path: '/api/transcripts', status: 429, retryAfter: 7, times: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
      expect(reply.status).toBe(429);
      expect(reply.headers.get('retry-after')).toBe('7');
      expect(reply.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    }
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).status).toBe(200);
  });

  it('faults: a malformed JSON body and a custom body', async () => {
    await s.control('/faults', { path: '/api/watch', status: 500, body: 'malformed' });
    const malformed = await s.post('/api/watch', { id: 'tvaHuman001' });
    expect(malformed.status).toBe(500);
    expect(() => JSON.parse(malformed.text)).toThrow();
    await s.control('/faults', { path: '/api/', status: 502, body: { weird: true } });
    const custom = await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
    expect(custom).toMatchObject({ status: 502, body: { weird: true } });
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('faults: any status, content type and text body, byte for byte (HTML, plain text, empty)', async () => {
    const page = '<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>';
    await s.control('/faults', { path: '/api/transcripts', status: 503, text: page, contentType: 'text/html' });
    const html = await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
    expect([html.status, html.headers.get('content-type'), html.text]).toEqual([503, 'text/html', page]);

    await s.control('/faults', { path: '/api/watch', status: 200, text: 'An answer that is not JSON.' });
    const plain = await s.post('/api/watch/1/ask', { question: 'Why?' });
    expect([plain.status, plain.headers.get('content-type'), plain.text]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'An answer that is not JSON.',
    ]);

    await s.control('/faults', { path: '/api/channels', status: 502, text: '' });
    const empty = await s.post('/api/channels', { ids: ['@tvademo'] });
    expect([empty.status, empty.text]).toEqual([502, '']);

    await s.control('/faults', { path: '/api/watch', status: 204 });
    expect((await s.get('/api/watch/1')).status).toBe(204);
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('faults: Retry-After and other headers as sent, and a JSON body with its own content type', async () => {
    const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
    await s.control('/faults', {
      path: '/api/transcripts',
      status: 429,
      retryAfter: date,
      headers: { 'X-Proxy': 'edge-1' },
      body: { error: 'rate_limited' },
      contentType: 'application/problem+json',
    });
    const reply = await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
    expect([reply.status, reply.headers.get('retry-after'), reply.headers.get('x-proxy')]).toEqual([
      429,
      date,
      'edge-1',
    ]);
    expect([reply.headers.get('content-type'), reply.body]).toEqual([
      'application/problem+json',
      { error: 'rate_limited' },
    ]);
    await s.control('/faults', { path: '/api/transcripts', status: 429, retryAfter: '1.5' });
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).headers.get('retry-after')).toBe('1.5');
  });

  it('faults: refuses a fault with both a JSON body and a text body, or a status that cannot be sent', async () => {
    expect((await s.control('/faults', { path: '/api/', status: 500, body: {}, text: 'x' })).status).toBe(400);
    expect((await s.control('/faults', { path: '/api/', status: 101 })).status).toBe(400);
  });

  it('faults: a delay without a status answers normally, late', async () => {
    await s.control('/faults', { path: '/api/transcripts', delayMs: 150 });
    const started = performance.now();
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('accounts: creates a token with its plan allowances, or sets balances and verification', async () => {
    const created = await s.control('/accounts', { token: 'my-team', plan: 'team' });
    expect(created.body).toMatchObject({
      token: 'my-team',
      plan: 'team',
      cloudRequests: 10000,
      aiUnits: 30000,
      emailVerified: true,
    });
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] }, 'my-team')).status).toBe(200);
    await s.control('/accounts', { token: 'my-team', emailVerified: false });
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] }, 'my-team')).status).toBe(403);
  });

  it('reset: seed state back (balances, jobs, accounts)', async () => {
    await s.post('/api/watch', { id: 'tvaHuman001' });
    await s.control('/accounts', { token: 'temp-x' });
    await s.control('/reset', {});
    await s.control('/limits', { enabled: false });
    expect((await s.ledger()).charges).toEqual([]);
    expect((await s.get('/api/watch/1001')).status).toBe(404);
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] }, 'temp-x')).status).toBe(401);
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).body).toMatchObject({
      cloudRequestsRemaining: 3499,
    });
  });

  it('rejects invalid control bodies with 400', async () => {
    expect((await s.control('/faults', { status: 500 })).status).toBe(400);
    expect((await s.control('/accounts', { token: 'x', plan: 'gold' })).status).toBe(400);
    expect((await s.control('/unavailable', {})).status).toBe(400);
  });
});
