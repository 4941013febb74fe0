import { t } from '../i18n/catalogue';
import type { Action } from './action';
import { errorFromResponse, isRedirect, redirectRefused, ServiceError } from './errors';
import { readAnswerBody } from './read/answer-body';
import { type BalancesSeen, readBalances } from './read/balances';
import { type ReadBody, readBody } from './read/body';
import { type ChannelResponse, readChannels } from './read/channels';
import { type Job, readJob, readUnnumbered, type WatchResponse } from './read/job';
import { readTranscripts, type TranscriptResponse } from './read/transcripts';
import type { TranscriptRequest, WatchRequest } from './schemas';

export type { BalancesSeen };

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

/** A 2xx body Transcript Lens could not read: the error keeps the body's text, so nothing is silently lost. */
function unreadable(status: number, action: Action, body: ReadBody, sentence: string): ServiceError {
  return new ServiceError(
    status,
    'bad_response',
    `Unreadable answer to ${action}`,
    undefined,
    {
      body: body.text.slice(0, 2_000),
      contentType: body.contentType,
      retryable: true,
    },
    sentence,
  );
}

type Connection = { options: ClientOptions; doFetch: typeof fetch; base: string };

/**
 * One request: the token to the saved address and nowhere else, a timeout, the balances its answer carries, then
 * its error or what `reader` makes of its body.
 */
async function request<T>(
  { options, doFetch, base }: Connection,
  action: Action,
  method: 'GET' | 'POST',
  path: string,
  reader: (body: ReadBody, status: number) => T,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
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
      // The token goes to the saved address and nowhere else (errors.ts, isRedirect).
      redirect: 'manual',
    });
  } catch (error) {
    // The fetch it was given said it never sent the request (the scheduler withdrew it).
    if (error instanceof ServiceError && error.code === 'aborted') throw error;
    if (signal?.aborted) throw new ServiceError(0, 'aborted', 'The request was cancelled.');
    if (timeout.aborted) throw new ServiceError(0, 'timeout', 'The service took too long to answer.');
    throw new ServiceError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (isRedirect(response)) throw redirectRefused(response);
  const read = await readBody(response);
  const seen = readBalances(read.json);
  if (seen) options.onBalances?.(seen);
  if (!response.ok) throw errorFromResponse(response.status, read, response.headers.get('Retry-After'), action);
  return reader(read, response.status);
}

/** The REST client of the service. The token is sent as is: `Authorization: Basic <token>` (spec: Authentication).
 * Responses are read by the lenient readers of ./read, which accept the shapes real services send. */
export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const connection: Connection = { options, doFetch, base: options.baseUrl.replace(/\/+$/, '') };

  return {
    transcripts: (req: TranscriptRequest, signal?: AbortSignal): Promise<TranscriptResponse> =>
      request(
        connection,
        'transcripts',
        'POST',
        '/api/transcripts',
        (body, status) =>
          readTranscripts(body.json, req) ??
          fail(unreadable(status, 'transcripts', body, t('background.read.transcripts'))),
        req,
        signal,
      ),
    channels: (ids: string[], signal?: AbortSignal): Promise<ChannelResponse> =>
      request(
        connection,
        'channels',
        'POST',
        '/api/channels',
        (body, status) =>
          readChannels(body.json, ids) ?? fail(unreadable(status, 'channels', body, t('background.read.channels'))),
        { ids },
        signal,
      ),
    startAnalysis: (req: WatchRequest, signal?: AbortSignal): Promise<WatchResponse> =>
      request(
        connection,
        'analysis',
        'POST',
        '/api/watch',
        (body, status) =>
          readJob(body.json) ??
          // Ready with the analysis but no job id: the account has it, so it is kept (it cannot be asked).
          readUnnumbered(body.json) ??
          fail(unreadable(status, 'analysis', body, t('background.read.unnumberedJob'))),
        req,
        signal,
      ),
    getJob: (jobId: number, signal?: AbortSignal): Promise<Job> =>
      request(
        connection,
        'poll',
        'GET',
        `/api/watch/${encodeURIComponent(jobId)}`,
        (body, status) =>
          readJob(body.json, jobId) ?? fail(unreadable(status, 'poll', body, t('background.read.jobStatus'))),
        undefined,
        signal,
      ),
    /** Any answer body with something in it is kept (JSON as is, anything else as its text). */
    ask: (jobId: number, question: string, signal?: AbortSignal): Promise<unknown> =>
      request(connection, 'ask', 'POST', `/api/watch/${encodeURIComponent(jobId)}/ask`, readAsk, { question }, signal),
  };
}

/** An ask's answer: a body cut off is unreadable (it may have been charged), an empty one is no answer. */
function readAsk(body: ReadBody, status: number): unknown {
  // A body that says it is JSON and does not parse was cut off or broken on its way: the question may
  // have been charged, and this is not its answer (kept as one, asking it again would return it).
  if (body.json === undefined && body.contentType.includes('json') && body.text.trim()) {
    fail(unreadable(status, 'ask', body, t('background.read.answer')));
  }
  const answer = readAnswerBody(body);
  if (answer === null) {
    throw new ServiceError(
      status,
      'empty_answer',
      'Empty answer body',
      undefined,
      { retryable: true },
      t('background.read.emptyAnswer'),
    );
  }
  return answer;
}

function fail(error: ServiceError): never {
  throw error;
}

export type ApiClient = ReturnType<typeof createApiClient>;
