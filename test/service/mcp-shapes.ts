import type { ToolShape } from './state';

/**
 * `/__control/mcp-tools`: a server that publishes its tools' arguments under other names, leaves some out, or
 * answers a tool's calls with a JSON-RPC error. The tools themselves (mcp-tools.ts) keep their own names: the
 * published list is rewritten on its way out, and a call's arguments are put back under the tools' names on the
 * way in. A call by a name the list does not publish (a renamed argument's usual name, a dropped one) is refused
 * before it gets here (mcp-arguments.ts).
 */

type Shapes = ReadonlyMap<string, ToolShape>;
type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
type Schema = { properties?: Record<string, unknown>; required?: unknown[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const messages = (body: unknown): Message[] => (Array.isArray(body) ? body : [body]).filter(isObject);

/** The JSON-RPC error answer of the first tool call whose tool is switched to answer one, or null. */
export function rpcErrorAnswer(body: unknown, shapes: Shapes): object | null {
  for (const m of messages(body)) {
    const error = m.method === 'tools/call' ? shapes.get(String(m.params?.name))?.rpcError : undefined;
    if (error) return { jsonrpc: '2.0', id: m.id ?? null, error };
  }
  return null;
}

/** The body with each tool call's arguments under the tools' own names. */
export function withOwnNames(body: unknown, shapes: Shapes): unknown {
  if (shapes.size === 0) return body;
  const rewrite = (m: Message): Message => {
    const shape = m.method === 'tools/call' ? shapes.get(String(m.params?.name)) : undefined;
    const args = m.params?.arguments;
    if (!shape || !isObject(args)) return m;
    const own = new Map(Object.entries(shape.rename ?? {}).map(([ours, published]) => [published, ours]));
    const kept = Object.entries(args).map(([name, value]) => [own.get(name) ?? name, value]);
    return { ...m, params: { ...m.params, arguments: Object.fromEntries(kept) } };
  };
  return Array.isArray(body) ? body.map((m) => (isObject(m) ? rewrite(m) : m)) : isObject(body) ? rewrite(body) : body;
}

function publishedSchema(schema: Schema, shape: ToolShape): Schema {
  const name = (ours: string) => shape.rename?.[ours] ?? ours;
  const shown = (ours: string) => !shape.drop?.includes(ours);
  const properties = Object.entries(schema.properties ?? {}).filter(([ours]) => shown(ours));
  return {
    ...schema,
    properties: Object.fromEntries(properties.map(([ours, value]) => [name(ours), value])),
    required: (schema.required ?? []).filter((r): r is string => typeof r === 'string' && shown(r)).map(name),
  };
}

/** Whether the body asks for the tool list (its answer is then rewritten). */
export const listsTools = (body: unknown): boolean => messages(body).some((m) => m.method === 'tools/list');

/** The tools/list answer with each switched tool's schema as published. */
export async function publishedList(response: Response, shapes: Shapes): Promise<Response> {
  const json: unknown = await response.json();
  const rewrite = (answer: unknown): unknown => {
    if (!isObject(answer) || !isObject(answer.result) || !Array.isArray(answer.result.tools)) return answer;
    const tools = answer.result.tools.map((tool: unknown) => {
      const shape = isObject(tool) ? shapes.get(String(tool.name)) : undefined;
      if (!shape || !isObject(tool) || !isObject(tool.inputSchema)) return tool;
      return { ...tool, inputSchema: publishedSchema(tool.inputSchema as Schema, shape) };
    });
    return { ...answer, result: { ...answer.result, tools } };
  };
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  const body = Array.isArray(json) ? json.map(rewrite) : rewrite(json);
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
