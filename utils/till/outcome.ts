import { isServiceError, ServiceError } from '../api/errors';
import { t } from '../i18n/catalogue';
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

/** The error a path shows when the outcome is unknown: what may have happened, and that nothing is sent again. */
export function mayHaveCharged(error: unknown, kind: SpendKind, retryPrice: string): ServiceError {
  const cause = isServiceError(error) ? error : null;
  const status = cause?.status ?? 0;
  const jsonRpc = cause?.details.jsonRpcCode;
  const why =
    cause?.code === 'timeout'
      ? t('background.outcome.timeout')
      : cause?.code === 'bad_response'
        ? t('background.outcome.unreadable')
        : cause?.code === 'mcp_error'
          ? t('background.outcome.mcpError', {
              code: String(jsonRpc),
              said: cause.message.replace(/^MCP error -?\d+:\s*/, '').slice(0, 200),
            })
          : status >= 500
            ? t('background.outcome.httpError', { status: String(status) })
            : t('background.outcome.connection');
  const what = t('background.outcome.what', { kind: kind satisfies SpendKind });
  const sentence = t('background.outcome.sentence', { why, what, price: retryPrice });
  return new ServiceError(
    cause?.status ?? 0,
    cause?.code ?? 'unknown_outcome',
    cause?.message ?? sentence,
    undefined,
    { ...(cause?.details ?? {}), mayHaveCharged: true },
    sentence,
  );
}
