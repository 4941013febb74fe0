import type { MiddlewareHandler } from 'hono';
import type { Fault, ServiceState } from './state';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'insufficient_cloud_requests',
  403: 'plan_required',
  404: 'not_found',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** A body cut off mid-way, served as application/json. */
const MALFORMED = '{"error": "internal", "message": "trunc';

function takeFault(state: ServiceState, path: string): Fault | undefined {
  const index = state.faults.findIndex((f) => path.startsWith(f.path));
  const fault = state.faults[index];
  if (!fault) return undefined;
  fault.times -= 1;
  if (fault.times <= 0) state.faults.splice(index, 1);
  return fault;
}

/** The body and content type a fault answers with: raw text as is, else JSON (or truncated JSON). */
function faultBody(fault: Fault, status: number): { body: string; contentType: string } {
  if (fault.text !== undefined)
    return { body: fault.text, contentType: fault.contentType ?? 'text/plain; charset=utf-8' };
  const body =
    fault.body === 'malformed'
      ? MALFORMED
      : JSON.stringify(fault.body ?? { error: CODES[status] ?? 'internal', message: 'Injected fault.' });
  return { body, contentType: fault.contentType ?? 'application/json' };
}

/** Injected faults (control API): a delay, then either the normal answer or the injected status, headers and body. */
export function faultMiddleware(state: ServiceState): MiddlewareHandler {
  return async (c, next) => {
    const fault = c.req.path.startsWith('/__control') ? undefined : takeFault(state, c.req.path);
    if (!fault) return next();
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.status === undefined) return next();
    const { body, contentType } = faultBody(fault, fault.status);
    const headers = new Headers(fault.headers);
    headers.set('Content-Type', contentType);
    if (fault.retryAfter !== undefined) headers.set('Retry-After', String(fault.retryAfter));
    // 204, 205 and 304 cannot carry a body.
    const empty = fault.status === 204 || fault.status === 205 || fault.status === 304;
    return new Response(empty ? null : body, { status: fault.status, headers });
  };
}
