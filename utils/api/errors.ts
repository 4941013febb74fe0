import { ErrorBody } from './schemas';

/** Codes of our own for failures that never reached the service or came back unreadable. */
export type ClientErrorCode = 'network' | 'timeout' | 'bad_response' | 'no_token' | 'aborted';

/** One error type for every request-level failure of the service (spec: Errors) and of the transport. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Legacy clients' single 402 code means the same as running out of Cloud Requests (spec: Errors). */
function canonicalCode(code: string): string {
  return code === 'insufficient_credits' ? 'insufficient_cloud_requests' : code;
}

/** The status's code when the body carries none (404, 422 and 503 have no code in the spec). */
function codeForStatus(status: number): string {
  const byStatus: Record<number, string> = {
    400: 'bad_request',
    401: 'unauthorized',
    402: 'insufficient_cloud_requests',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    422: 'video_too_long',
    429: 'rate_limited',
    503: 'service_unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'server_error' : 'http_error');
}

/** Retry-After as whole seconds: delta-seconds or an HTTP date; absent or unreadable → undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Builds the ServiceError of a non-2xx response from its status, body and Retry-After header. */
export function errorFromResponse(status: number, body: unknown, retryAfterHeader: string | null): ServiceError {
  const parsed = ErrorBody.safeParse(body);
  const code = canonicalCode(parsed.success ? parsed.data.error : codeForStatus(status));
  const message = parsed.success && parsed.data.message ? parsed.data.message : `HTTP ${status}`;
  const details = parsed.success ? { ...parsed.data } : {};
  return new ServiceError(status, code, message, parseRetryAfter(retryAfterHeader), details);
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** For the scheduler: a 429's Retry-After in seconds (1 s when the header is missing), else null. */
export function rateLimitedSeconds(error: unknown): number | null {
  if (!isServiceError(error) || error.status !== 429) return null;
  return error.retryAfter ?? 1;
}
