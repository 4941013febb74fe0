import type { Fault } from './state';

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

/** Headers of a real answer that describe its body, so they do not go with a replaced one. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'transfer-encoding'];

/** Whether a fault replaces the answer (a status, a JSON body or a text body), rather than only delaying it. */
export function replacesAnswer(fault: Fault): boolean {
  return fault.status !== undefined || fault.body !== undefined || fault.text !== undefined;
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

/**
 * The injected answer: `status` with the fault's body, content type, Retry-After and headers. `real` is the answer
 * the service gave when the fault replaces it after processing: its status is the default, and its headers (CORS
 * and the like, not those describing its body) are kept.
 */
export function faultResponse(fault: Fault, status: number, real?: Response): Response {
  const { body, contentType } = faultBody(fault, status);
  const headers = new Headers(real?.headers);
  for (const name of BODY_HEADERS) headers.delete(name);
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers.set(name, value);
  headers.set('Content-Type', contentType);
  if (fault.retryAfter !== undefined) headers.set('Retry-After', String(fault.retryAfter));
  // 204, 205 and 304 cannot carry a body.
  const empty = status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : body, { status, headers });
}
