import type { Action } from './action';
import { errorSentence, requestSentence } from './error-text';
import type { ReadBody } from './read/body';
import { readErrorBody } from './read/error-body';

/** Codes of our own for failures that never reached the service or came back unreadable. */
export type ClientErrorCode = 'network' | 'timeout' | 'bad_response' | 'no_token' | 'aborted' | 'redirected';

/** One error type for every request-level failure of the service (spec: Errors) and of the transport. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
    readonly details: Record<string, unknown> = {},
    /** A sentence for a person written where the error was read (it knows the action); else the code's. */
    readonly sentence?: string,
  ) {
    super(message);
  }
}

/** What a 402 was buying: transcripts and channels spend Cloud Requests, analyses and questions AI Units. */
function insufficientFor(action: Action | undefined): string {
  if (action === 'transcripts' || action === 'channels') return 'insufficient_cloud_requests';
  if (action === 'analysis' || action === 'ask' || action === 'poll') return 'insufficient_ai_units';
  return 'payment_required';
}

const KNOWN_402 = new Set(['insufficient_cloud_requests', 'insufficient_ai_units']);

/** The code of a body's code at its status: a 402 is worded by what was bought, a request-level `internal` is the
 * service's own problem (the per-video `internal` is another thing). */
function canonicalCode(code: string, status: number, action: Action | undefined): string {
  if (status === 402 && !KNOWN_402.has(code)) return insufficientFor(action);
  if (code === 'insufficient_credits') return insufficientFor(action);
  if (code === 'internal' && status >= 500) return 'server_error';
  return code;
}

/** The code of a status when the body carries none: an HTML page, an empty body, JSON without `error`. */
function codeForStatus(status: number, action: Action | undefined): string {
  const lost = action === 'poll' || action === 'ask';
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 402) return insufficientFor(action);
  if (status === 403) return 'forbidden';
  if (status === 404) return lost ? 'not_found' : 'endpoint_not_found';
  if (status === 408) return 'timeout';
  if (status === 409 && action === 'ask') return 'job_not_ready';
  if (status === 422 && action === 'analysis') return 'video_too_long';
  if (status === 429) return 'rate_limited';
  // The spec's 503 on POST /api/watch has no code: the analysis service is unavailable.
  if (status === 503 && action === 'analysis') return 'service_unavailable';
  return status >= 500 ? 'server_error' : 'http_error';
}

/** Statuses where trying again later can help. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * Retry-After as RFC 9110 says: delta-seconds (1*DIGIT) or an HTTP-date. Anything else, and a wait of 0 or a
 * date already past, is undefined: the caller uses its default backoff, because retrying at once after a 429
 * is a hot loop.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : undefined;
  }
  // HTTP-date (IMF-fixdate and the two obsolete forms) names a weekday; bare numbers like "1.5" are not dates.
  if (!/^(mon|tue|wed|thu|fri|sat|sun)/i.test(trimmed)) return undefined;
  // asctime has no zone and means GMT; without one Date.parse would read local time.
  const date = Date.parse(/gmt|utc|[+-]\d{4}$/i.test(trimmed) ? trimmed : `${trimmed} GMT`);
  if (Number.isNaN(date)) return undefined;
  const seconds = Math.ceil((date - now) / 1000);
  return seconds > 0 ? seconds : undefined;
}

/** What a 422 on an analysis start without a code says, by its words: too long, or another refusal of the video. */
const REFUSED_BECAUSE: [RegExp, string][] = [
  [
    /too long|longer than|exceeds?|maximum (length|duration)|max(imum)? (minutes|length)|minutes? (limit|allowed)/i,
    'video_too_long',
  ],
  [/age[- ]?(restricted|gated|verification)/i, 'age_restricted'],
  [/private|members[- ]only|unavailable|removed|deleted|not found|does not exist/i, 'video_unavailable'],
  [/unplayable|cannot be played|can't be played|not playable|live stream|premiere/i, 'video_unplayable'],
];

/**
 * The code of a 422 on an analysis start that carries none (spec: "422, code not shown, video too long"): read by
 * its message, so the partial analysis is offered only for a length refusal. A message that names none of these
 * is `analysis_refused`, said in the service's words; a 422 with no words at all keeps the spec's meaning.
 */
function codeFor422(message: string | undefined, details: Record<string, unknown>): string {
  if (typeof details.maxMinutes === 'number' || message === undefined) return 'video_too_long';
  return REFUSED_BECAUSE.find(([words]) => words.test(message))?.[1] ?? 'analysis_refused';
}

/** Builds the ServiceError of a non-2xx response from its status, body, Retry-After header and action. */
export function errorFromResponse(
  status: number,
  body: ReadBody | unknown,
  retryAfterHeader: string | null,
  action?: Action,
): ServiceError {
  const read = readErrorBody(isReadBody(body) ? body : bodyFromJson(body));
  const bare422 = !read.code && status === 422 && action === 'analysis';
  const code = read.code
    ? canonicalCode(read.code, status, action)
    : bare422
      ? codeFor422(read.message, read.details)
      : codeForStatus(status, action);
  const message = read.message ?? `HTTP ${status}`;
  const details = { ...read.details, retryable: retryableStatus(status) };
  const sentence = requestSentence(code, { action, status, serviceMessage: read.message });
  return new ServiceError(status, code, message, parseRetryAfter(retryAfterHeader), details, sentence);
}

function isReadBody(value: unknown): value is ReadBody {
  return typeof value === 'object' && value !== null && 'text' in value && 'html' in value && 'contentType' in value;
}

function bodyFromJson(json: unknown): ReadBody {
  return {
    json: json ?? undefined,
    text: json === undefined ? '' : JSON.stringify(json),
    contentType: '',
    html: false,
  };
}

/**
 * Requests that carry the token follow no redirect: they are sent with `redirect: 'manual'`, so the browser stops
 * at the first 3xx and hands back an opaque response (Node's fetch, in the tests, hands back the 3xx itself).
 * `redirect: 'error'` would stop it too, but as a network failure, which the till would have to count as "may
 * have been charged"; a redirect is the service not doing the request at this address.
 */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

export function redirectRefused(response: Response): ServiceError {
  const status = response.status ? `HTTP ${response.status}` : 'a redirect';
  return new ServiceError(
    response.status,
    'redirected',
    `The service answered with ${status}; redirects are not followed.`,
    undefined,
    { retryable: false },
    errorSentence('redirected'),
  );
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** The wait after a 429 whose Retry-After is missing or unusable. Longer than 1 s: a 429 without a usable
 * header most likely came from the REST burst window (5 per 10 s), which a 1 s retry would meet again. */
export const DEFAULT_RETRY_SECONDS = 5;

/** For the scheduler: a 429's wait in seconds (the default backoff when the header is unusable), else null. */
export function rateLimitedSeconds(error: unknown): number | null {
  if (!isServiceError(error) || error.status !== 429) return null;
  return error.retryAfter ?? DEFAULT_RETRY_SECONDS;
}
