import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService();

/** One stateless tool call (initialize, then the call), every fetch giving up after `timeoutMs`. */
async function callTool(name: string, args: Record<string, unknown>, timeoutMs = 2_000): Promise<unknown> {
  const client = new Client({ name: 'faults-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), {
    requestInit: { headers: { Authorization: 'Basic demo-pro' } },
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  await client.connect(transport);
  try {
    return (await client.callTool({ name, arguments: args })).structuredContent;
  } finally {
    await client.close().catch(() => {});
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => error,
  );
/** The POSTs to /mcp on the ledger (the SDK's GET for a stream is 405): [status, aborted] in answer order. */
const mcpCalls = async () =>
  (await s.until()).requests
    .filter((r) => r.path === '/mcp' && r.method === 'POST')
    .map((r) => [r.status, r.aborted ?? false]);

describe('MCP faults after processing, for one tool', () => {
  it('get_transcript: charged, then held past the client timeout; initialize is left alone', async () => {
    await s.control('/faults', { path: '/mcp', tool: 'get_transcript', processFirst: true, delayMs: 60_000 });
    expect(await failure(callTool('get_transcript', { videos: ['tvaHuman001'] }, 1_000))).toBeInstanceOf(Error);
    expect((await s.ledger()).charges).toMatchObject([{ kind: 'cloud', amount: 1, videoId: 'tvaHuman001' }]);
    // initialize 200, notifications/initialized 202, then the held call, which the client gave up on.
    expect(await mcpCalls()).toEqual([
      [200, false],
      [202, false],
      [200, true],
    ]);
    // Used once: the next call is answered normally.
    expect(await callTool('get_transcript', { videos: ['tvaHuman001'] })).toMatchObject({ results: [{}] });
  });

  it('search_transcript: charged, then an unreadable 200', async () => {
    await s.control('/faults', {
      path: '/mcp',
      tool: 'search_transcript',
      processFirst: true,
      status: 200,
      body: 'malformed',
    });
    const error = await failure(callTool('search_transcript', { videos: ['tvaHuman001'], query: 'the topic' }));
    expect(error).toBeInstanceOf(Error);
    expect((await s.ledger()).charges).toMatchObject([{ kind: 'cloud', amount: 1, videoId: 'tvaHuman001' }]);
    expect(await mcpCalls()).toEqual([
      [200, false],
      [202, false],
      [200, false],
    ]);
  });

  it('analyze_video: the held start leaves its analysis; starting again returns it, free', async () => {
    await s.control('/faults', { path: '/mcp', tool: '*', processFirst: true, delayMs: 60_000 });
    expect(await failure(callTool('analyze_video', { video: 'tvaHuman001' }, 1_000))).toBeInstanceOf(Error);
    const again = (await callTool('analyze_video', { video: 'tvaHuman001' })) as { analysisId: number };
    expect(again).toMatchObject({ analysisId: expect.any(Number), status: 'queued' });
    expect((await s.until()).charges).toMatchObject([{ kind: 'ai', amount: 33, videoId: 'tvaHuman001' }]);
  });

  it('a tool filter matches only that tool: other tools and other paths pass through', async () => {
    await s.control('/faults', { path: '/mcp', tool: 'get_transcript', status: 500 });
    expect(await callTool('account', {})).toMatchObject({ plan: 'pro' });
    expect((await s.post('/api/transcripts', { ids: ['tvaHuman001'] })).status).toBe(200);
    expect(await failure(callTool('get_transcript', { videos: ['tvaHuman001'] }))).toBeInstanceOf(Error);
    // The 500 came before processing: nothing charged for it.
    expect((await s.ledger()).charges).toHaveLength(1);
  });
});
