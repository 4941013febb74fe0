import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { t } from '../i18n/catalogue';
import type { Action } from './action';
import { errorFromResponse, isRedirect, redirectRefused, ServiceError } from './errors';
import type { JsonSchema } from './json-schema';
import { mcpFailure } from './mcp-errors';
import { type AccountInfo, describeAccountBody, readAccount } from './read/account';
import { bodyFromText } from './read/body';

export type McpOptions = { baseUrl: string; token: string; fetch?: typeof fetch; timeoutMs?: number };

/**
 * A fetch for the MCP transport that turns the service's request-level errors (401, 403 email_unverified,
 * 403 unsupported_transport, 429 ...) into ServiceError before the SDK flattens them into text.
 */
function serviceFetch(options: McpOptions, action?: Action): typeof fetch {
  const inner = options.fetch ?? fetch.bind(globalThis);
  return async (input, init) => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
    let response: Response;
    try {
      response = await inner(input, {
        ...init,
        credentials: 'omit',
        // The token goes to the saved address and nowhere else (errors.ts, isRedirect).
        redirect: 'manual',
        signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (timeout.aborted) throw new ServiceError(0, 'timeout', 'The service took too long to answer.');
      throw new ServiceError(0, 'network', error instanceof Error ? error.message : 'Network error');
    }
    if (isRedirect(response)) throw redirectRefused(response);
    if (response.ok || response.status === 405) return response;
    const text = await response.text().catch(() => '');
    const body = bodyFromText(text, response.headers.get('Content-Type') ?? '');
    throw errorFromResponse(response.status, body, response.headers.get('Retry-After'), action);
  };
}

/**
 * The code of a tool's error result, when it names one: `structuredContent.error`, else a trailing `(code)` in its
 * text (the shape is not shown in the spec). Callers use it to tell "out of Cloud Requests" from other problems.
 */
export function toolCode(structured: unknown, text: string): string | null {
  const error = structured && typeof structured === 'object' && 'error' in structured ? structured.error : undefined;
  if (typeof error === 'string' && /^[a-z][a-z0-9_]{0,60}$/i.test(error)) return error.toLowerCase();
  return /\(([a-z][a-z0-9_]{0,60})\)\s*$/i.exec(text)?.[1]?.toLowerCase() ?? null;
}

/** A fresh client and transport: the server is stateless, so every exchange initialises its own connection. */
function connection(options: McpOptions, action?: Action) {
  const transport = new StreamableHTTPClientTransport(new URL(`${options.baseUrl.replace(/\/+$/, '')}/mcp`), {
    requestInit: { headers: { Authorization: `Basic ${options.token}` } },
    fetch: serviceFetch(options, action),
  });
  const client = new Client(
    // The extension's version, package.json's (wxt.config.ts defines it; tests run without it).
    { name: 'transcript-lens', version: import.meta.env.TL_VERSION ?? '0.0.0' },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  return { transport, client };
}

/**
 * Calls one tool on the hosted MCP server. The server is stateless, so every call initialises a fresh
 * connection (spec: POST /mcp). The CfWorker validator avoids Ajv's `new Function`, which MV3's CSP forbids.
 * A tool result with `isError` becomes a ServiceError with code `tool_error` and the tool's own text; JSON-RPC
 * and transport failures become ServiceErrors worded by what they mean (./mcp-errors.ts).
 */
export async function callTool(
  options: McpOptions,
  name: string,
  args: Record<string, unknown> = {},
): Promise<unknown> {
  if (!options.token) throw new ServiceError(0, 'no_token', 'No API token is set.');
  const { transport, client } = connection(options, name === 'account' ? 'account' : undefined);
  try {
    await client.connect(transport).catch((error: unknown) => {
      throw mcpFailure(error, name, 'connect');
    });
    const result = await client.callTool({ name, arguments: args }).catch((error: unknown) => {
      // The SDK parses the answer itself: a body cut off on its way surfaces as JSON's own SyntaxError.
      throw mcpFailure(error, name, 'call');
    });
    const text = Array.isArray(result.content)
      ? result.content
          .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
          .join('\n')
      : '';
    if (result.isError) {
      const code = toolCode(result.structuredContent, text);
      throw new ServiceError(200, 'tool_error', text || t('background.mcp.toolError', { tool: name }), undefined, {
        ...(code && { toolCode: code }),
      });
    }
    if (result.structuredContent !== undefined) return result.structuredContent;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } finally {
    await client.close().catch(() => {});
  }
}

/** At most this many pages of `tools/list` are read (a server paging forever is not followed). */
const MAX_TOOL_PAGES = 20;

/**
 * The tools the server publishes (`tools/list`, free), by name, each with its input schema: the names and types
 * of its arguments, which the spec does not show. Nothing it can fail with was charged (`details.toolSent`).
 */
export async function listTools(options: McpOptions): Promise<Map<string, JsonSchema>> {
  if (!options.token) throw new ServiceError(0, 'no_token', 'No API token is set.');
  const { transport, client } = connection(options);
  const tools = new Map<string, JsonSchema>();
  try {
    await client.connect(transport).catch((error: unknown) => {
      throw mcpFailure(error, 'tools/list', 'connect');
    });
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const listed = await client.listTools(cursor === undefined ? undefined : { cursor }).catch((error: unknown) => {
        throw mcpFailure(error, 'tools/list', 'list');
      });
      for (const tool of listed.tools) tools.set(tool.name, tool.inputSchema);
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return tools;
  } finally {
    await client.close().catch(() => {});
  }
}

/** The `account` tool: plan and balances, read leniently (read/account.ts). */
export async function fetchAccount(options: McpOptions): Promise<AccountInfo> {
  const raw = await callTool(options, 'account');
  const info = readAccount(raw);
  if (info) return info;
  const said = describeAccountBody(raw);
  throw new ServiceError(
    200,
    'bad_response',
    'The account tool answered in an unexpected shape.',
    undefined,
    { body: said },
    t('background.mcp.accountUnreadable', { said: said || 'none' }),
  );
}
