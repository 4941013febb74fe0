import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { useService } from './harness';
import { withMcpClient } from './mcp-client';

const s = useService();

const withClient = <T>(work: (client: Client) => Promise<T>) => withMcpClient(s.url, work);

const call = (name: string, args: Record<string, unknown>) =>
  withClient((client) => client.callTool({ name, arguments: args }));

/** The JSON-RPC error the call was answered with; a call answered with a result fails here. */
async function rpcErrorOf(name: string, args: Record<string, unknown>): Promise<McpError> {
  const error = await call(name, args).then(
    (result) => new Error(`${name} answered, not refused: ${JSON.stringify(result)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof McpError)) throw error;
  return error;
}

/** Each tool's arguments, valid on their own: what makes a call refused below is the one argument added. */
const VALID: Record<string, Record<string, unknown>> = {
  search_transcript: { videos: ['tvaHuman001'], query: 'latency', from: '1:00', to: 300 },
  get_transcript: { videos: 'tvaHuman001', from: 0, to: '2:00', lang: 'en' },
  list_channel_videos: { channel: '@tvademo' },
  list_watchlists: {},
  watchlist_activity: { watchlistId: 'wl-tva', limit: 5 },
  analyze_video: { video: 'tvaHuman001', mode: 'quick', partial: false, lang: 'en' },
  get_analysis: { analysisId: 1 },
  ask_video: { analysisId: 1, question: 'What is latency?' },
  account: {},
};

describe('MCP: an argument a tool does not name is refused, not dropped', () => {
  it('every tool publishes its arguments as the only ones it takes (additionalProperties: false)', async () => {
    const tools = await withClient(async (client) => (await client.listTools()).tools);
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(VALID).sort());
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toEqual(
        expect.arrayContaining(Object.keys(VALID[tool.name] ?? {})),
      );
    }
  });

  it.each(Object.entries(VALID))(
    '%s: an unknown argument beside valid ones is JSON-RPC -32602 naming it, and nothing runs',
    async (name, args) => {
      const error = await rpcErrorOf(name, { ...args, unexpected: 1 });
      expect(error.code).toBe(-32602);
      expect(error.message).toContain(`unknown argument "unexpected" for tool ${name}`);
      const ledger = await s.ledger();
      expect(ledger.charges).toEqual([]);
      expect(s.service.state.jobs.byId.size).toBe(0);
    },
  );

  it('a misnamed argument (video_ids for videos, q for query) is refused, not read as a search of nothing', async () => {
    const error = await rpcErrorOf('search_transcript', { video_ids: ['tvaHuman001'], q: 'latency' });
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('"video_ids", "q"');
    expect(error.message).toContain('it takes videos, query, from, to');
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('a range end by another name (start) is refused: the whole video is not searched and charged instead', async () => {
    const error = await rpcErrorOf('search_transcript', { videos: ['tvaHuman001'], query: 'latency', start: 60 });
    expect(error.code).toBe(-32602);
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('the same calls with only the arguments the tool names are answered', async () => {
    const searched = await call('search_transcript', VALID.search_transcript ?? {});
    expect(searched.isError).toBeFalsy();
    const listed = await call('list_watchlists', {});
    expect(listed.structuredContent).toMatchObject({ watchlists: expect.any(Array) });
    expect((await s.ledger()).charges).toMatchObject([{ reason: 'mcp:search_transcript', videoId: 'tvaHuman001' }]);
  });

  it('a value out of a named argument’s limits is still the tool’s own input check (a result flagged isError)', async () => {
    const result = await call('watchlist_activity', { watchlistId: 'wl-tva', limit: 101 });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/Input validation error/);
  });
});
