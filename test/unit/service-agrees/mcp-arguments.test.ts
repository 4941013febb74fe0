import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../utils/api/json-schema';
import { listTools } from '../../../utils/api/mcp';
import { mapToolArguments, TOOL_NEEDS, type ToolValues } from '../../../utils/api/mcp-args';
import * as Product from '../../../utils/api/schemas';
import { MCP_VIDEOS_PER_CALL } from '../../../utils/video-search/replies';
import { type RunningService, startService } from '../../service/index';
import { TOOL_INPUTS, type ToolName } from '../../service/mcp-inputs';
import { MAX_MCP_VIDEOS } from '../../service/mcp-transcripts';
import { Timecode as ServiceTimecode } from '../../service/timecode';
import { expected, ids, type Probe, schemaFacts, verdicts } from './schema-facts';

/**
 * The MCP tool arguments the extension sends, against the local service's own tool inputs (strict: an unknown
 * argument is JSON-RPC -32602). The extension names its arguments by the schema the server publishes
 * (utils/api/mcp-args.ts), so it is given the service's published schemas (its tools/list, read by the
 * extension's own client) and each argument it writes, at each limit, must be one the service's tool accepts.
 */

const ROOT = join(import.meta.dirname, '../../..');

/** Every tool the extension calls, with no arguments or with the ones mcp-args.ts maps. */
const CALLED = ['account', 'get_transcript', 'list_watchlists', 'search_transcript', 'watchlist_activity'] as const;

/** The tool names in the product's `callTool(options, '<tool>', …)` calls (entrypoints/ and utils/). */
function toolsCalledInSource(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/callTool\(\s*\w+,\s*'([a-z_]+)'/g)) found.add(m[1] ?? '');
      }
    }
  };
  walk(join(ROOT, 'entrypoints'));
  walk(join(ROOT, 'utils'));
  return [...found].sort();
}

let service: RunningService;
let published: Map<string, JsonSchema>;
beforeAll(async () => {
  service = await startService({ port: 0 });
  published = await listTools({ baseUrl: service.url, token: 'demo-pro' });
});
afterAll(() => service.close());

const schemaOf = (tool: string): JsonSchema => {
  const schema = published.get(tool);
  if (!schema) throw new Error(`the service does not publish ${tool}`);
  return schema;
};
const requiredOf = (tool: string) => {
  const required = schemaOf(tool).required;
  return Array.isArray(required) ? required.map(String).sort() : [];
};

const TIMECODES: Probe[] = [
  { why: '0 seconds', body: 0, ok: true },
  { why: '3,725 seconds', body: 3725, ok: true },
  { why: 'negative seconds', body: -1, ok: false },
  { why: 'a fraction of a second', body: 1.5, ok: false },
  { why: 'whole seconds as text', body: '90', ok: true },
  { why: 'm:ss', body: '1:30', ok: true },
  { why: 'mm:ss past an hour of minutes', body: '75:00', ok: true },
  { why: 'h:mm:ss', body: '1:02:05', ok: true },
  { why: 'seconds past 59', body: '1:60', ok: false },
  { why: 'minutes past 59 in h:mm:ss', body: '1:60:00', ok: false },
  { why: 'one digit of seconds', body: '1:5', ok: false },
  { why: 'four parts', body: '1:00:00:00', ok: false },
  { why: 'spaces', body: ' 1:30', ok: false },
  { why: 'empty', body: '', ok: false },
  { why: 'words', body: 'one minute', ok: false },
  { why: 'null', body: null, ok: false },
];

type Row = { why: string; tool: ToolName & keyof typeof TOOL_NEEDS; values: ToolValues };

/** What the extension says to each mapped tool, at each limit of the service's arguments. */
const ROWS: Row[] = [
  { why: 'one video', tool: 'search_transcript', values: { videos: ids(1), query: 'latency' } },
  {
    why: `${MCP_VIDEOS_PER_CALL} videos, the most a call carries`,
    tool: 'search_transcript',
    values: { videos: ids(MCP_VIDEOS_PER_CALL), query: 'latency' },
  },
  { why: 'a range from 0', tool: 'search_transcript', values: { videos: ids(2), query: 'q', from: 0, to: 59 } },
  {
    why: 'a range past an hour',
    tool: 'search_transcript',
    values: { videos: ids(2), query: 'consensus protocols', from: 3599, to: 36_000 },
  },
  { why: 'only where it ends', tool: 'search_transcript', values: { videos: ids(1), query: 'q', from: null, to: 60 } },
  { why: 'one video, whole', tool: 'get_transcript', values: { videos: ids(1) } },
  { why: 'a range', tool: 'get_transcript', values: { videos: ids(3), from: 61, to: 7322 } },
  { why: 'only where it starts', tool: 'get_transcript', values: { videos: ids(1), from: 600 } },
  { why: 'the activity', tool: 'watchlist_activity', values: { watchlistId: 'wl-tva', limit: 10 } },
  { why: 'a limit under 1', tool: 'watchlist_activity', values: { watchlistId: 'wl-tva', limit: 0 } },
  { why: 'a limit over 100', tool: 'watchlist_activity', values: { watchlistId: 'wl-tva', limit: 1000 } },
  { why: 'no limit', tool: 'watchlist_activity', values: { watchlistId: 'wl-tva' } },
];

describe('the extension and the local service agree on every MCP tool argument', () => {
  it('the tools: every one the extension calls is a table row here, and the service publishes it', () => {
    expect(toolsCalledInSource()).toEqual([...CALLED].sort());
    for (const tool of CALLED) expect(published.has(tool), tool).toBe(true);
    expect(Object.keys(TOOL_NEEDS).every((tool) => (CALLED as readonly string[]).includes(tool))).toBe(true);
  });

  it('from and to: the same types and forms (whole seconds, m:ss, h:mm:ss), at each edge', () => {
    expect(schemaFacts(Product.Timecode)).toEqual(schemaFacts(ServiceTimecode));
    expect(verdicts(TIMECODES, Product.Timecode, ServiceTimecode)).toEqual(expected(TIMECODES));
  });

  it('videos per call: the extension splits at the service’s most', () => {
    expect(MCP_VIDEOS_PER_CALL).toBe(MAX_MCP_VIDEOS);
  });

  it.each(Object.keys(TOOL_NEEDS) as (keyof typeof TOOL_NEEDS)[])(
    '%s: the arguments the extension always sends are the ones the service requires, the others optional',
    (tool) => {
      const everything: ToolValues = { videos: ids(1), query: 'q', from: 0, to: 60, watchlistId: 'wl', limit: 5 };
      const mapped = mapToolArguments(tool, schemaOf(tool), everything);
      if (!mapped.ok) throw new Error(mapped.sentence);
      const needs: Partial<Record<keyof ToolValues, string>> = TOOL_NEEDS[tool].needs;
      const always = Object.entries(needs).filter(([, weight]) => weight === 'always');
      // Each need is sent under the name it shares with the service's argument (no renaming here).
      expect(Object.keys(mapped.args).sort()).toEqual(Object.keys(needs).sort());
      expect(always.map(([need]) => need).sort()).toEqual(requiredOf(tool));
      expect(TOOL_INPUTS[tool].safeParse(mapped.args).success).toBe(true);
    },
  );

  it.each(ROWS)('$tool, $why: sent as arguments the service’s tool accepts, none unknown', ({ tool, values }) => {
    const mapped = mapToolArguments(tool, schemaOf(tool), values);
    if (!mapped.ok) throw new Error(mapped.sentence);
    const parsed = TOOL_INPUTS[tool].safeParse(mapped.args);
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const end of ['from', 'to'] as const) {
      if (end in mapped.args) expect(Product.Timecode.safeParse(mapped.args[end]).success, end).toBe(true);
    }
  });

  it('more videos than a call carries: the extension refuses, as the service would', () => {
    const mapped = mapToolArguments('search_transcript', schemaOf('search_transcript'), {
      videos: ids(MAX_MCP_VIDEOS + 1),
      query: 'latency',
    });
    expect(mapped.ok).toBe(false);
  });

  it.each(CALLED.filter((tool) => !(tool in TOOL_NEEDS)))(
    '%s: called with no arguments, which the service’s tool requires none of and accepts',
    (tool) => {
      expect(requiredOf(tool)).toEqual([]);
      expect(TOOL_INPUTS[tool].safeParse({}).success).toBe(true);
      expect(TOOL_INPUTS[tool].safeParse({ anything: 1 }).success).toBe(false);
    },
  );
});
