import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService();
const unauthorized = { error: 'unauthorized', message: expect.any(String) };

describe('authentication', () => {
  it.each([
    ['missing', {}],
    ['unknown token', { Authorization: 'Basic nobody-here' }],
    ['Bearer scheme', { Authorization: 'Bearer demo-pro' }],
    ['base64 user:password', { Authorization: `Basic ${Buffer.from('demo-pro:x').toString('base64')}` }],
    ['base64 of the token', { Authorization: `Basic ${Buffer.from('demo-pro').toString('base64')}` }],
  ])('401 unauthorized when the token is %s', async (_, headers) => {
    for (const path of ['/api/transcripts', '/api/channels', '/api/watch', '/api/watch/1001/ask']) {
      const reply = await s.call('POST', path, { headers, body: { ids: ['tvaHuman001'] } });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(unauthorized);
    }
    const poll = await s.call('GET', '/api/watch/1001', { headers });
    expect(poll.status).toBe(401);
    const mcp = await s.call('POST', '/mcp', { headers, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(mcp.status).toBe(401);
    expect(mcp.body).toEqual(unauthorized);
  });

  it('the token is sent as is after "Basic "', async () => {
    const reply = await s.post('/api/transcripts', { ids: ['tvaHuman001'] }, 'demo-free');
    expect(reply.status).toBe(200);
  });

  it('every call of an unverified account is 403 email_unverified, including /mcp', async () => {
    const calls = [
      s.post('/api/transcripts', { ids: ['tvaHuman001'] }, 'demo-unverified'),
      s.post('/api/channels', { ids: ['@tvademo'] }, 'demo-unverified'),
      s.post('/api/watch', { id: 'tvaHuman001' }, 'demo-unverified'),
      s.get('/api/watch/1001', 'demo-unverified'),
      s.post('/api/watch/1001/ask', { question: 'why?' }, 'demo-unverified'),
      s.post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'demo-unverified'),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ error: 'email_unverified' });
    }
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('a marketplace key works on REST and is refused on /mcp with 403 unsupported_transport', async () => {
    const rest = await s.post('/api/transcripts', { ids: ['tvaHuman001'] }, 'mkt-demo');
    expect(rest.status).toBe(200);
    const mcp = await s.post('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'mkt-demo');
    expect(mcp.status).toBe(403);
    expect(mcp.body).toEqual({ error: 'unsupported_transport', message: expect.any(String) });
  });

  it('the spec document needs no token', async () => {
    const reply = await s.call('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ openapi: '3.0.3', info: { version: '1.0.0' } });
  });

  it('answers CORS preflights permissively for loopback clients', async () => {
    const reply = await s.call('OPTIONS', '/api/transcripts', {
      headers: {
        Origin: 'chrome-extension://abcdefghijklmnop',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('unknown routes are JSON 404s', async () => {
    const reply = await s.get('/api/nothing');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });
});
