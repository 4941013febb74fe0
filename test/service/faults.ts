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

/** Injected faults (control API): a delay, then either the normal answer or the injected status and body. */
export function faultMiddleware(state: ServiceState): MiddlewareHandler {
  return async (c, next) => {
    const fault = c.req.path.startsWith('/__control') ? undefined : takeFault(state, c.req.path);
    if (!fault) return next();
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.status === undefined) return next();
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
    const body =
      fault.body === 'malformed'
        ? MALFORMED
        : JSON.stringify(fault.body ?? { error: CODES[fault.status] ?? 'internal', message: 'Injected fault.' });
    return new Response(body, { status: fault.status, headers });
  };
}
