import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService({ limits: true });
const transcript = (token = 'demo-pro') => s.post('/api/transcripts', { ids: ['tvaHuman001'] }, token);
const rateLimited = { error: 'rate_limited', message: expect.any(String) };

/** A bare JSON-RPC tools/call, as a stateless client sends after initialize. */
const toolCall = (name: string, args: Record<string, unknown>, token = 'demo-pro') =>
  s.call('POST', '/mcp', {
    token,
    headers: { Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-06-18' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });

async function newJob(token = 'demo-pro'): Promise<number> {
  const reply = await s.post('/api/watch', { id: 'tvaHuman001' }, token);
  return (reply.body as { jobId: number }).jobId;
}

describe('rate limits', () => {
  it('REST burst: 5 per 10 s, then 429 with Retry-After until the oldest request leaves the window', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await transcript()).status).toBe(200);
      s.advance(1_000);
    }
    s.advance(-500); // now T0 + 4.5 s
    const limited = await transcript();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(rateLimited);
    expect(limited.headers.get('retry-after')).toBe('6'); // the first request leaves at 10 s: 5.5 s, rounded up
    s.advance(5_000);
    const still = await transcript();
    expect(still.status).toBe(429);
    expect(still.headers.get('retry-after')).toBe('1');
    s.advance(500);
    expect((await transcript()).status).toBe(200);
    // Refused requests consume nothing and are logged with their status.
    const ledger = await s.ledger();
    expect(ledger.charges).toHaveLength(6);
    expect(ledger.requests.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('polling has its own 30 per 10 s window and does not use up the REST burst', async () => {
    const jobId = await newJob();
    for (let i = 0; i < 30; i++) expect((await s.get(`/api/watch/${jobId}`)).status).toBe(200);
    const limited = await s.get(`/api/watch/${jobId}`);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(rateLimited);
    expect(limited.headers.get('retry-after')).toBe('10');
    // One REST request so far (the start): four more fit the burst.
    for (let i = 0; i < 4; i++) expect((await transcript()).status).toBe(200);
    expect((await transcript()).status).toBe(429);
    s.advance(10_000);
    expect((await s.get(`/api/watch/${jobId}`)).status).toBe(200);
  });

  it('plan requests per minute: Free 60, polls included; the strictest limit sets Retry-After', async () => {
    const jobId = await newJob('demo-free'); // request 1 at 0 s
    for (let i = 0; i < 54; i++) {
      s.advance(500);
      expect((await s.get(`/api/watch/${jobId}`, 'demo-free')).status).toBe(200);
    }
    s.advance(500); // 27.5 s
    for (let i = 0; i < 5; i++) expect((await transcript('demo-free')).status).toBe(200);
    // 60 requests in the minute and 5 REST in 10 s: the burst frees at 37.5 s, the minute at 60 s.
    const limited = await transcript('demo-free');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('33');
    const poll = await s.get(`/api/watch/${jobId}`, 'demo-free');
    expect(poll.status).toBe(429);
    expect(poll.headers.get('retry-after')).toBe('33');
    s.advance(32_500); // 60 s: the first request has left the minute, the burst is free again
    expect((await transcript('demo-free')).status).toBe(200);
  });

  it('analysis starts: 10 per minute, shared by REST and MCP', async () => {
    for (let i = 0; i < 9; i++) {
      const reply = await s.post('/api/watch', { id: `rateLimit0${i}` }, 'demo-team');
      expect(reply.status).toBe(202);
      s.advance(2_500);
    }
    const viaMcp = await toolCall('analyze_video', { video: 'rateLimit09' }, 'demo-team');
    expect(viaMcp.status).toBe(200);
    expect(JSON.stringify(viaMcp.body)).toContain('analysisId');
    s.advance(2_500); // 25 s after the first start
    const limited = await s.post('/api/watch', { id: 'rateLimit10' }, 'demo-team');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(rateLimited);
    expect(limited.headers.get('retry-after')).toBe('35');
    const limitedMcp = await toolCall('analyze_video', { video: 'rateLimit10' }, 'demo-team');
    expect(limitedMcp.status).toBe(429);
    expect(limitedMcp.headers.get('retry-after')).toBe('35');
    s.advance(35_000);
    expect((await s.post('/api/watch', { id: 'rateLimit10' }, 'demo-team')).status).toBe(202);
  });

  it('MCP: 30 tool calls per 10 s', async () => {
    for (let i = 0; i < 30; i++) expect((await toolCall('account', {})).status).toBe(200);
    const limited = await toolCall('account', {});
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(rateLimited);
    expect(limited.headers.get('retry-after')).toBe('10');
    // REST has its own burst window.
    expect((await transcript()).status).toBe(200);
    s.advance(10_000);
    expect((await toolCall('account', {})).status).toBe(200);
  });

  it('limits are per token', async () => {
    for (let i = 0; i < 5; i++) await transcript('demo-pro');
    expect((await transcript('demo-pro')).status).toBe(429);
    expect((await transcript('demo-team')).status).toBe(200);
  });

  it('the control API can switch limits off and on again', async () => {
    await s.control('/limits', { enabled: false });
    for (let i = 0; i < 12; i++) expect((await transcript()).status).toBe(200);
    await s.control('/limits', { enabled: true });
    for (let i = 0; i < 5; i++) expect((await transcript()).status).toBe(200);
    expect((await transcript()).status).toBe(429);
  });
});
