import { isServiceError, ServiceError } from '../api/errors';
import { RateLimitWaitTooLong } from '../scheduler/errors';
import type { OutcomeState, SpendKind } from './journal';

/** Codes that mean the request never left the extension (or was withdrawn before it did). */
const NEVER_SENT = new Set(['no_token', 'not_permitted', 'aborted', 'tool_schema']);
/** Codes of a request sent whose answer we never read: the service may have done the work and charged it. */
const MAY_HAVE_ARRIVED = new Set(['timeout', 'network', 'bad_response']);

export type ErrorOutcome = { state: Exclude<OutcomeState, 'delivered'>; code: string; message: string };

/**
 * How a failed paid request ended, for the journal. The spec's refusals (4xx, and a 503 for an analysis
 * start) consume nothing; a 429 is refused too. A timeout, a dropped connection, an unreadable 2xx and any
 * other 5xx may have been charged: the service bills what it delivered whether or not the answer arrived.
 */
export function errorOutcome(error: unknown, kind: SpendKind): ErrorOutcome {
  if (error instanceof RateLimitWaitTooLong) return { state: 'refused', code: 'rate_limited', message: error.message };
  if (!isServiceError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { state: 'unknown', code: 'internal', message };
  }
  const { status, code } = error;
  const message = error.sentence ?? error.message;
  if (status === 0 && NEVER_SENT.has(code)) return { state: 'refused', code, message };
  // A redirect is not the service doing the request: nothing of it came back, and it was not sent on.
  if (code === 'redirected') return { state: 'refused', code, message };
  // An MCP exchange that failed before the tool call was sent (initialize, tools/list) asked for nothing.
  if (error.details.toolSent === false) return { state: 'refused', code, message };
  // The service's own word that the tool did not do it (no balance, plan too low, a bad id): nothing charged.
  if (code === 'tool_error') return { state: 'refused', code, message };
  // A JSON-RPC error saying the call was not run (parse, invalid request, unknown method, invalid arguments).
  if (code === 'mcp_refused') return { state: 'refused', code, message };
  if (MAY_HAVE_ARRIVED.has(code)) return { state: 'unknown', code, message };
  if (status >= 400 && status < 500) return { state: 'refused', code, message };
  if (status === 503 && kind === 'analysis') return { state: 'refused', code, message };
  return { state: 'unknown', code, message };
}

const WHAT: Record<SpendKind, string> = {
  transcript: 'delivered and charged the transcript',
  listing: 'listed the channel and charged 1 Cloud Request',
  search: 'searched the videos and charged them',
  range: 'read that part of the transcript and charged 1 Cloud Request',
  analysis: 'started the analysis and charged it (starting it again costs nothing if it did)',
  ask: 'answered the question and charged 1 AI Unit',
};

/** The error a path shows when the outcome is unknown: what may have happened, and that nothing is sent again. */
export function mayHaveCharged(error: unknown, kind: SpendKind, retryPrice: string): ServiceError {
  const cause = isServiceError(error) ? error : null;
  const status = cause?.status ?? 0;
  const jsonRpc = cause?.details.jsonRpcCode;
  const why =
    cause?.code === 'timeout'
      ? 'The service took too long to answer.'
      : cause?.code === 'bad_response'
        ? 'The service’s answer could not be read.'
        : cause?.code === 'mcp_error'
          ? `The service’s MCP server reported an error while running it (JSON-RPC ${String(jsonRpc)}: ${cause.message.replace(/^MCP error -?\d+:\s*/, '').slice(0, 200)}).`
          : status >= 500
            ? `The service answered with an error (HTTP ${status}) after the request was sent.`
            : 'The connection to the service failed after the request was sent.';
  const sentence = `${why} It may have ${WHAT[kind]}; Transcript Lens sends nothing again by itself. Trying again ${retryPrice}.`;
  return new ServiceError(
    cause?.status ?? 0,
    cause?.code ?? 'unknown_outcome',
    cause?.message ?? sentence,
    undefined,
    { ...(cause?.details ?? {}), mayHaveCharged: true },
    sentence,
  );
}
