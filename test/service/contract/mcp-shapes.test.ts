import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useService } from './harness';
import { withMcpClient } from './mcp-client';

const s = useService();

const withClient = <T>(work: (client: Client) => Promise<T>) => withMcpClient(s.url, work);

const schemaOf = (name: string) =>
  withClient(async (client) => (await client.listTools()).tools.find((t) => t.name === name)?.inputSchema);
const call = (name: string, args: Record<string, unknown>) =>
  withClient((client) => client.callTool({ name, arguments: args }));

/** The JSON-RPC error a call was answered with (the call fails the test if it was answered otherwise). */
async function rpcErrorOf(answer: Promise<unknown>): Promise<McpError> {
  const error = await answer.then(
    (result) => new Error(`answered, not refused: ${JSON.stringify(result)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof McpError)) throw error;
  return error;
}

describe('/__control/mcp-tools: how a tool is published and answered', () => {
  it('rename: the list publishes the other names, calls by them work and are charged; the old names are not read', async () => {
    await s.control('/mcp-tools', { tool: 'search_transcript', rename: { videos: 'video_ids', query: 'q' } });
    const schema = await schemaOf('search_transcript');
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(['from', 'q', 'to', 'video_ids']);
    expect(schema?.required).toEqual(['video_ids', 'q']);

    const found = await call('search_transcript', { video_ids: ['tvaHuman001'], q: 'latency' });
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent).toMatchObject({ query: 'latency', results: [{ videoId: 'tvaHuman001' }] });
    expect((await s.ledger()).charges).toMatchObject([{ reason: 'mcp:search_transcript', videoId: 'tvaHuman001' }]);

    // A client that guessed the usual names is refused (JSON-RPC invalid params, naming them), for free.
    const guessed = await rpcErrorOf(call('search_transcript', { videos: ['tvaAutoGen1'], query: 'latency' }));
    expect(guessed.code).toBe(-32602);
    expect(guessed.message).toContain('unknown arguments "videos", "query" for tool search_transcript');
    expect((await s.ledger()).charges).toHaveLength(1);
  });

  it('drop: the argument is not published (nor required), and refused if sent', async () => {
    await s.control('/mcp-tools', { tool: 'search_transcript', drop: ['query'] });
    const schema = await schemaOf('search_transcript');
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(['from', 'to', 'videos']);
    expect(schema?.required).toEqual(['videos']);
    const other = await schemaOf('get_transcript');
    expect(Object.keys(other?.properties ?? {})).toContain('videos');

    const sent = await rpcErrorOf(call('search_transcript', { videos: ['tvaHuman001'], query: 'latency' }));
    expect(sent.code).toBe(-32602);
    expect(sent.message).toContain('unknown argument "query"');
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('rpcError: every call of that tool is a JSON-RPC error, before anything runs; other tools answer', async () => {
    await s.control('/mcp-tools', {
      tool: 'search_transcript',
      rpcError: { code: -32603, message: 'Internal error: the search index is rebuilding' },
    });
    const error = await call('search_transcript', { videos: ['tvaHuman001'], query: 'latency' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32603);
    expect((error as McpError).message).toContain('the search index is rebuilding');
    expect((await call('account', {})).structuredContent).toMatchObject({ plan: 'pro' });
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('DELETE and reset put the tools back as they are', async () => {
    await s.control('/mcp-tools', { tool: 'search_transcript', rename: { query: 'q' } });
    await s.call('DELETE', '/__control/mcp-tools');
    expect(Object.keys((await schemaOf('search_transcript'))?.properties ?? {})).toContain('query');
    await s.control('/mcp-tools', { tool: 'search_transcript', drop: ['query'] });
    await s.control('/reset', {});
    expect(Object.keys((await schemaOf('search_transcript'))?.properties ?? {})).toContain('query');
  });

  it('refuses a body it cannot apply', async () => {
    const clash = await s.control('/mcp-tools', { tool: 'search_transcript', rename: { videos: 'x', query: 'x' } });
    expect(clash.status).toBe(400);
    const bad = await s.control('/mcp-tools', { tool: 'search_transcript', rename: { videos: 'not a name' } });
    expect(bad.status).toBe(400);
  });
});
