import type { z } from 'zod';
import { errorFromResponse, ServiceError } from './errors';
import {
  AskResponse,
  ChannelResponse,
  Job,
  type TranscriptRequest,
  TranscriptResponse,
  type WatchRequest,
  WatchResponse,
} from './schemas';

export type BalancesSeen = { cloudRequests?: number; aiUnits?: number };

export type ClientOptions = {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** Abort after this long; an in-flight fetch does not keep an MV3 worker alive, so keep it short. */
  timeoutMs?: number;
  /** Called with the balances carried by any response (spec: Data flow 5). */
  onBalances?: (balances: BalancesSeen) => void;
};

const DEFAULT_TIMEOUT_MS = 20_000;

/** Balance fields of a response body. The legacy `creditsRemaining` stands in for Cloud Requests only when the
 * current field is missing (older servers). */
export function balancesOf(body: unknown): BalancesSeen | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const num = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
  const cloudRequests = num(record.cloudRequestsRemaining) ?? num(record.creditsRemaining);
  const aiUnits = num(record.aiUnitsRemaining);
  if (cloudRequests === undefined && aiUnits === undefined) return null;
  return { ...(cloudRequests !== undefined && { cloudRequests }), ...(aiUnits !== undefined && { aiUnits }) };
}

/** The REST client of the service. The token is sent as is: `Authorization: Basic <token>` (spec: Authentication). */
export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    if (!options.token) throw new ServiceError(0, 'no_token', 'No API token is set.');
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Basic ${options.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        credentials: 'omit',
      });
    } catch (error) {
      if (signal?.aborted) throw new ServiceError(0, 'aborted', 'The request was cancelled.');
      if (timeout.aborted) throw new ServiceError(0, 'timeout', 'The service took too long to answer.');
      throw new ServiceError(0, 'network', error instanceof Error ? error.message : 'Network error');
    }
    const json = await readJson(response);
    const seen = balancesOf(json);
    if (seen) options.onBalances?.(seen);
    if (!response.ok) throw errorFromResponse(response.status, json, response.headers.get('Retry-After'));
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ServiceError(response.status, 'bad_response', `Unexpected response from ${method} ${path}`);
    }
    return parsed.data;
  }

  return {
    transcripts: (req: TranscriptRequest, signal?: AbortSignal) =>
      request('POST', '/api/transcripts', TranscriptResponse, req, signal),
    channels: (ids: string[], signal?: AbortSignal) =>
      request('POST', '/api/channels', ChannelResponse, { ids }, signal),
    startAnalysis: (req: WatchRequest, signal?: AbortSignal) =>
      request('POST', '/api/watch', WatchResponse, req, signal),
    getJob: (jobId: number, signal?: AbortSignal) =>
      request('GET', `/api/watch/${encodeURIComponent(jobId)}`, Job, undefined, signal),
    ask: (jobId: number, question: string, signal?: AbortSignal) =>
      request('POST', `/api/watch/${encodeURIComponent(jobId)}/ask`, AskResponse, { question }, signal),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
