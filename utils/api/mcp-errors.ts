/**
 * What went wrong on the MCP endpoint, as a ServiceError whose sentence says what failed, whether it may have been
 * charged, and what to do. A JSON-RPC error is read by its code: -32700, -32600, -32601 and -32602 mean the server
 * refused the message and ran nothing (nothing charged); -32603 and the server's own codes mean it failed while
 * running it (a paid tool may have been charged). A failure before the tool call was sent (initialize, tools/list)
 * never charged anything: `details.toolSent` is false.
 */

import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { t } from '../i18n/catalogue';
import { isServiceError, ServiceError } from './errors';

/** Where the conversation was: starting it, reading the tool list, or calling the tool. */
export type McpStep = 'connect' | 'list' | 'call';

/** JSON-RPC codes that mean the message was not run at all. */
/** JSON-RPC codes of a request the server refused without running it, named for background.mcp.notRun. */
const NOT_RUN: Record<number, string> = {
  [-32700]: 'parse',
  [-32600]: 'invalid',
  [-32601]: 'method',
  [-32602]: 'arguments',
};
const FREE_TOOLS = new Set(['account', 'list_watchlists', 'watchlist_activity', 'get_analysis']);
/** Errors the MCP SDK raises itself (not the server): the connection closed, its own timeout. */
const SDK_CLOSED = /^(Connection closed|Request was cancelled)$/;

const MAX_SAID = 300;
const said = (text: string) => (text.length > MAX_SAID ? `${text.slice(0, MAX_SAID - 1)}…` : text);
/** The server's words without the SDK's "MCP error -32602: " prefix. */
const ownWords = (error: McpError) => said(error.message.replace(/^MCP error -?\d+:\s*/, ''));

function what(tool: string, step: McpStep): string {
  return t('background.mcp.step', { step, tool });
}

function fromJsonRpc(error: McpError, tool: string, step: McpStep): ServiceError {
  const code = error.code;
  const words = ownWords(error);
  const details = { jsonRpcCode: code, step, ...(step !== 'call' && { toolSent: false }) };
  if (code === -32001) return new ServiceError(0, 'timeout', words, undefined, details);
  if (code === -32000 && SDK_CLOSED.test(words)) return new ServiceError(0, 'network', words, undefined, details);
  const rpc = `JSON-RPC ${code}: ${words}`;
  const notRun = NOT_RUN[code];
  if (notRun) {
    const todo =
      code === -32602
        ? t('background.mcp.todoArgs')
        : code === -32601
          ? t('background.mcp.todoMethod')
          : t('background.mcp.todoReport');
    const sentence = t('background.mcp.refused', {
      what: what(tool, step),
      notRun: t('background.mcp.notRun', { code: notRun }),
      rpc,
      todo,
    });
    return new ServiceError(200, 'mcp_refused', error.message, undefined, details, sentence);
  }
  const charged =
    step !== 'call'
      ? t('background.mcp.chargedNotAsked')
      : FREE_TOOLS.has(tool)
        ? t('background.mcp.chargedFree')
        : t('background.mcp.chargedMaybe');
  const sentence = t('background.mcp.failed', { what: what(tool, step), rpc, charged });
  return new ServiceError(200, 'mcp_error', error.message, undefined, { ...details, retryable: true }, sentence);
}

/** Any failure of an MCP exchange as a ServiceError with a sentence for a person. */
export function mcpFailure(error: unknown, tool: string, step: McpStep): ServiceError {
  if (isServiceError(error)) {
    // The transport's own errors (HTTP refusals, the network, our timeout) keep their words; before the tool
    // call was sent, nothing could have been charged.
    if (step === 'call' || error.details.toolSent === false) return error;
    const details = { ...error.details, step, toolSent: false };
    return new ServiceError(error.status, error.code, error.message, error.retryAfter, details, error.sentence);
  }
  if (error instanceof McpError) return fromJsonRpc(error, tool, step);
  const words = said(error instanceof Error ? error.message : String(error));
  if (step !== 'call') {
    const sentence = t('background.mcp.couldNot', { what: what(tool, step), words });
    return new ServiceError(0, 'bad_response', words, undefined, { step, toolSent: false, retryable: true }, sentence);
  }
  // The call was sent and what came back was not an MCP answer: the tool may have run.
  const sentence = FREE_TOOLS.has(tool)
    ? t('background.mcp.unreadableFree', { tool, words })
    : t('background.mcp.unreadablePaid', { tool, words });
  return new ServiceError(
    200,
    'bad_response',
    `Unreadable answer of the ${tool} tool: ${words}`,
    undefined,
    { step, retryable: true },
    sentence,
  );
}
