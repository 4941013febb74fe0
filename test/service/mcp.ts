import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context, Hono } from 'hono';
import { isRefusal, refuse } from './errors';
import { authenticate, type Env, rateLimit, sendRefusal } from './http';
import { unknownArgumentAnswer } from './mcp-arguments';
import { listsTools, publishedList, rpcErrorAnswer, withOwnNames } from './mcp-shapes';
import { registerTools } from './mcp-tools';
import type { ServiceState } from './state';

const rpcError = (c: Context, status: 400 | 405, code: number, message: string) =>
  c.json({ jsonrpc: '2.0', error: { code, message }, id: null }, status);

type Call = { method?: unknown; params?: { name?: unknown } };

/** The tool calls in a JSON-RPC message or batch: only they count against the MCP rate limits. */
export function toolCalls(body: unknown): string[] {
  const messages: Call[] = Array.isArray(body) ? body : [body as Call];
  return messages.filter((m) => m?.method === 'tools/call').map((m) => String(m.params?.name ?? ''));
}

/** Stateless Streamable HTTP: a new server and transport per request, every answer in one JSON response. */
export function mcpRoutes(app: Hono<Env>, state: ServiceState): void {
  app.on(['GET', 'DELETE', 'PUT', 'PATCH'], '/mcp', (c) => {
    c.header('Allow', 'POST');
    return rpcError(c, 405, -32000, 'Method not allowed: this MCP server is stateless, send JSON-RPC with POST.');
  });

  app.post('/mcp', async (c) => {
    const account = authenticate(state, c.req.header('Authorization'));
    if (isRefusal(account)) return sendRefusal(c, account);
    if (account.marketplace) {
      return sendRefusal(
        c,
        refuse(403, 'unsupported_transport', 'Marketplace keys do not work on /mcp: use your own API token.'),
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return rpcError(c, 400, -32700, 'Parse error: the body is not JSON.');
    }
    for (const name of toolCalls(body)) {
      const limited = rateLimit(state, account, name === 'analyze_video' ? 'mcp-start' : 'mcp');
      if (limited) return sendRefusal(c, limited);
    }
    // A tool switched to answer a JSON-RPC error does so before anything is run (/__control/mcp-tools).
    const refusedByRpc = rpcErrorAnswer(body, state.toolShapes);
    if (refusedByRpc) return c.json(refusedByRpc, 200);
    // An argument the tool does not publish is refused, not dropped (mcp-arguments.ts).
    const unknownArgument = unknownArgumentAnswer(body, state.toolShapes);
    if (unknownArgument) return c.json(unknownArgument, 200);
    const server = new McpServer({ name: 'transcript-video-analysis', version: '1.0.0' });
    registerTools(server, state, account);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const answer = await transport.handleRequest(c.req.raw, { parsedBody: withOwnNames(body, state.toolShapes) });
      return listsTools(body) && state.toolShapes.size > 0 ? await publishedList(answer, state.toolShapes) : answer;
    } finally {
      await server.close();
    }
  });
}
