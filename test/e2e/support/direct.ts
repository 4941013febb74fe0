import { z } from 'zod';
import type { Ledger, TestService } from './service';

/**
 * Calls to the local service made by the test itself, as another client of the same account would
 * (another device, the MCP assistant): to know what the panel should show, or to have an analysis
 * already finished on the account without waiting for the extension's 10-second poll. The ledger marks them
 * (`direct`), so the extension's requests are told from them.
 */

const Segment = z.object({ text: z.string(), start: z.number(), duration: z.number() });
const Transcripts = z.object({ results: z.array(z.object({ segments: z.array(Segment).optional() })) });
const Analysis = z.object({ analysisId: z.number(), status: z.string() });
const ToolReply = z.object({ result: z.object({ structuredContent: z.unknown(), isError: z.boolean().optional() }) });

/** Marks the test's own calls on the ledger (`direct`), so they are told from the extension's. */
const DIRECT = { 'X-Test-Direct': '1' };
/** More 429s in a row than this: something keeps the account busy; the call fails rather than wait on. */
const MAX_429S = 10;

/**
 * One call as another client of the account. Rate limits are on: a 429 is waited out (its Retry-After, in
 * seconds) and the call sent again, as a careful client does; any other failure throws.
 */
async function call(service: TestService, token: string, method: string, path: string, body?: unknown) {
  for (let limited = 0; ; limited++) {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${token}`,
        'Content-Type': 'application/json',
        // Streamable HTTP (MCP) asks for both; plain REST reads JSON.
        Accept: 'application/json, text/event-stream',
        ...DIRECT,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await response.json();
    const retryAfter = response.headers.get('Retry-After') ?? '';
    if (response.status === 429 && limited < MAX_429S && /^\d+$/.test(retryAfter)) {
      await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1_000));
      continue;
    }
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  }
}

/** The segments the service gives a video (read with another account, so the test's own ledger is untouched). */
export async function serviceSegments(service: TestService, videoId: string, lang = 'en') {
  const body = Transcripts.parse(
    await call(service, 'demo-team', 'POST', '/api/transcripts', { ids: [videoId], lang }),
  );
  const segments = body.results[0]?.segments;
  if (!segments) throw new Error(`no transcript for ${videoId}`);
  return segments;
}

/** One MCP tool call, as a stateless assistant sends it (a bare tools/call); a tool's refusal throws. */
async function tool(service: TestService, token: string, name: string, args: Record<string, unknown>) {
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } };
  const { result } = ToolReply.parse(await call(service, token, 'POST', '/mcp', body));
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent;
}

/**
 * Starts an analysis on the account as its AI assistant does (MCP analyze_video, then get_analysis until it is
 * ready) and returns its job id. The assistant's calls count in the MCP windows and the shared analysis starts,
 * as the spec says, not in the REST burst the extension keeps to.
 */
export async function analyzeOnService(
  service: TestService,
  videoId: string,
  { token = 'demo-pro', mode = 'smart' }: { token?: string; mode?: string } = {},
): Promise<number> {
  const { analysisId } = Analysis.parse(await tool(service, token, 'analyze_video', { video: videoId, mode }));
  for (let i = 0; i < 60; i++) {
    const job = Analysis.parse(await tool(service, token, 'get_analysis', { analysisId }));
    if (job.status === 'ready') return analysisId;
    if (job.status === 'failed') throw new Error(`analysis of ${videoId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`analysis of ${videoId} did not finish`);
}

type Charge = Ledger['charges'][number];

export const chargesFor = (ledger: Ledger, videoId: string, kind?: Charge['kind']): Charge[] =>
  ledger.charges.filter((c) => c.videoId === videoId && (kind === undefined || c.kind === kind));

/** Requests to exactly `path` (or, given a RegExp, to paths it matches). */
export const requestsTo = (ledger: Ledger, path: string | RegExp, method?: string) =>
  ledger.requests.filter(
    (r) => (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!method || r.method === method),
  );
