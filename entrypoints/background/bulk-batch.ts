import { errorSentence, itemErrorSentence, rateLimitSentence } from '../../utils/api/error-text';
import { isServiceError } from '../../utils/api/errors';
import {
  isTranscriptFailure,
  RETRYABLE_VIDEO_ERRORS,
  type TranscriptResponse,
  type TranscriptSuccess,
} from '../../utils/api/schemas';
import {
  applyBatch,
  type BulkRun,
  markSaved,
  NO_RESULT,
  OUT_OF_REQUESTS,
  type Outcome,
  recordStart,
  stopRun,
} from '../../utils/bulk-run';
import type { BulkStore } from '../../utils/bulk-store';
import { RateLimitWaitTooLong } from '../../utils/scheduler';
import { savedAmong } from './bulk-saved';
import type { Core } from './core';
import { storeDeliveredMany } from './transcripts';

const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);
/**
 * A request-level failure: 402, a refused token and no permission to reach the service end the run (trying
 * again cannot help); anything else (the network, a 5xx, a rate-limit wait too long) is tried in a later pass.
 */
const ENDS_RUN = new Set([402, 401, 403]);
const ENDS_RUN_CODES = new Set(['not_permitted', 'no_token']);

/** A run's batches in this worker: waiting for their turn in the scheduler (held) or sent. */
export type Flight = { controller: AbortController; held: Set<string>; sent: Set<string>; startedHere: Set<number> };

export type BatchDeps = { core: Core; store: BulkStore; now: () => number };

/**
 * One batch. It waits its turn in the scheduler (rate limits, the panel's requests first); when the turn
 * comes, ids saved meanwhile are dropped and the start is recorded, then the request goes. What is delivered
 * is saved before the record moves on, so a worker stopped in between finds it saved and buys nothing twice.
 */
export async function sendBatch(deps: BatchDeps, run: BulkRun, batch: string[], flight: Flight): Promise<void> {
  const { core, store, now } = deps;
  // Set inside the scheduler's turn (a closure TypeScript does not follow), hence an object.
  const sent: { at: number | null; ids: string[] } = { at: null, ids: [] };
  /** The turn has come: drop what was saved meanwhile, record the start; false when nothing is to be sent. */
  const slot = async (): Promise<boolean> => {
    // Only the token of the account that consented buys for this run (the person may have changed it since).
    if ((await core.account()) !== run.account) return false;
    const saved = await savedAmong(core, batch, run.lang);
    const ids = batch.filter((id) => !saved.has(id));
    const at = now();
    const current = await store.update(run.account, run.runId, (r) => {
      if (r.state !== 'running') return r;
      const marked = markSaved(r, [...saved]);
      return ids.length > 0 ? recordStart(marked, at) : marked;
    });
    if (current?.state !== 'running' || ids.length === 0) return false;
    Object.assign(sent, { at, ids });
    flight.startedHere.add(at);
    for (const id of ids) flight.sent.add(id);
    return true;
  };
  let response: TranscriptResponse | null;
  try {
    response = await core.rest(
      'rest',
      'background',
      async (client) => ((await slot()) ? client.transcripts({ ids: sent.ids, lang: run.lang }) : null),
      flight.controller.signal,
    );
  } catch (error) {
    // Withdrawn while waiting for its turn (the run was cancelled or stopped): nothing was sent.
    if (sent.at === null && flight.controller.signal.aborted) return;
    // Refused before it was sent (no permission, a wait too long) or failed on its way: the run is told.
    await failed(deps, run, sent.at === null ? batch : sent.ids, error, sent.at === null ? 0 : now() - sent.at, flight);
    return;
  }
  if (response === null || sent.at === null) return;
  const outcomes = new Map<string, Outcome>();
  const delivered: { videoId: string; result: TranscriptSuccess }[] = [];
  const byId = new Map(response.results.map((r) => [r.id, r]));
  for (const id of sent.ids) {
    const result = byId.get(id);
    if (!result) outcomes.set(id, { kind: 'retryable', message: NO_RESULT });
    else if (isTranscriptFailure(result)) {
      const message = itemErrorSentence(result.error, result.message);
      outcomes.set(id, { kind: RETRYABLE.has(result.error) ? 'retryable' : 'terminal', message });
    } else {
      delivered.push({ videoId: id, result });
      outcomes.set(id, { kind: 'delivered' });
    }
  }
  await storeDeliveredMany(core, run.lang, delivered);
  const took = now() - sent.at;
  await store.update(run.account, run.runId, (r) => applyBatch(r, outcomes, took));
}

/** A request-level failure: 402 and a refused token stop the run (and withdraw what waits); else a later pass. */
async function failed(deps: BatchDeps, run: BulkRun, ids: string[], error: unknown, took: number, flight: Flight) {
  const { store, now } = deps;
  const status = isServiceError(error) ? error.status : 0;
  const code = isServiceError(error) ? error.code : error instanceof RateLimitWaitTooLong ? 'rate_limited' : 'internal';
  const sentence =
    error instanceof RateLimitWaitTooLong
      ? rateLimitSentence(error.retryAfterSeconds)
      : isServiceError(error) && error.sentence
        ? error.sentence
        : errorSentence(code, error instanceof Error ? error.message : undefined);
  if (ENDS_RUN.has(status) || ENDS_RUN_CODES.has(code)) {
    const stopCode = status === 402 ? OUT_OF_REQUESTS : code;
    await store.update(run.account, run.runId, (r) => stopRun(r, stopCode, sentence, now()));
    flight.controller.abort();
    return;
  }
  const outcomes = new Map(ids.map((id): [string, Outcome] => [id, { kind: 'retryable', message: sentence }]));
  await store.update(run.account, run.runId, (r) => applyBatch(r, outcomes, took));
}
