import { argumentNames, isToolName } from './mcp-inputs';
import type { ToolShape } from './state';

/**
 * An MCP tool call with an argument its tool does not publish is refused with JSON-RPC -32602 (invalid params)
 * before anything runs, nothing charged. The SDK's own input check would answer a tool result flagged isError,
 * and an SDK server with plain object schemas strips unknown arguments: a client's misnamed argument (`q` for
 * `query`, a range the tool has no name for) would then buy a search other than the one asked for.
 */

type Message = { id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The names a tool's calls may use: its own, under the names /__control/mcp-tools publishes, none it drops. */
export function publishedNames(tool: string, shape: ToolShape | undefined): string[] | null {
  if (!isToolName(tool)) return null;
  return argumentNames(tool)
    .filter((name) => !shape?.drop?.includes(name))
    .map((name) => shape?.rename?.[name] ?? name);
}

/** The JSON-RPC error answer of the first tool call carrying an argument its tool does not publish, or null. */
export function unknownArgumentAnswer(body: unknown, shapes: ReadonlyMap<string, ToolShape>): object | null {
  const messages = (Array.isArray(body) ? body : [body]).filter(isObject) as Message[];
  for (const m of messages) {
    if (m.method !== 'tools/call' || !isObject(m.params?.arguments)) continue;
    const tool = String(m.params?.name);
    const known = publishedNames(tool, shapes.get(tool));
    const unknown = known && Object.keys(m.params.arguments).filter((name) => !known.includes(name));
    if (!unknown || unknown.length === 0) continue;
    const takes = known.length === 0 ? 'it takes no arguments' : `it takes ${known.join(', ')}`;
    const message = `Invalid params: unknown argument${unknown.length > 1 ? 's' : ''} ${unknown
      .map((name) => JSON.stringify(name.slice(0, 60)))
      .join(', ')} for tool ${tool} (${takes}).`;
    return { jsonrpc: '2.0', id: m.id ?? null, error: { code: -32602, message } };
  }
  return null;
}
