import { errorSentence, itemErrorSentence, rateLimitSentence } from '../../../utils/api/error-text';
import { isServiceError } from '../../../utils/api/errors';
import type { TranscriptResponse } from '../../../utils/api/read/transcripts';
import { isTranscriptFailure, RETRYABLE_VIDEO_ERRORS } from '../../../utils/api/schemas';
import {
  applyBatch,
  type BulkRun,
  markSaved,
  noResult,
  OUT_OF_AI_UNITS,
  OUT_OF_REQUESTS,
  type Outcome,
  recordStart,
  stopRun,
} from '../../../utils/bulk/run';
import type { BulkStore } from '../../../utils/bulk/store';
import { RateLimitWaitTooLong } from '../../../utils/scheduler';
import type { Core } from '../core/core';
import { savedOf, storeSavedMany } from '../saved/transcripts';
import type { Till } from '../till';
import type { TranscriptBought, TranscriptWatch } from '../till/transcripts';
import { savedAmong } from './bulk-saved';
import type { RunFiles } from './run-file';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan'> & { till: Till };

const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);
/**
 * A request-level failure: 402, a refused token and no permission to reach the service end the run (trying
 * again cannot help); anything else (the network, a 5xx, a rate-limit wait too long) is tried in a later pass.
 */
const ENDS_RUN = new Set([402, 401, 403]);
const ENDS_RUN_CODES = new Set(['not_permitted', 'no_token']);

/**
 * A run's batches in this worker: waiting for their turn in the scheduler (held) or sent; `answered` once a
 * batch's answer came back 2xx (its headers), which `wake` tells the driver (the first batch goes alone until then).
 */
export type Flight = {
  controller: AbortController;
  held: Set<string>;
  sent: Set<string>;
  answered: boolean;
  wake: () => void;
};

export type BatchDeps = { core: CoreNeeds; store: BulkStore; now: () => number; files: RunFiles };

/**
 * One batch. It waits its turn in the scheduler (rate limits, the panel's requests first); when the turn
 * comes, ids saved meanwhile are dropped and the start is recorded, then the request goes. What is delivered
 * is saved before the record moves on, so a worker stopped in between finds it saved and buys nothing twice.
 */
export async function sendBatch(
  deps: BatchDeps,
  run: BulkRun,
  batch: string[],
  flight: Flight,
  watch: TranscriptWatch,
): Promise<void> {
  const { core, store, now } = deps;
  // Set inside the scheduler's turn (a closure TypeScript does not follow), hence an object.
  const sent: { at: number | null; ids: string[] } = { at: null, ids: [] };
  /** The turn has come: drop what was saved meanwhile, record the start; the ids to send (none: nothing goes). */
  const onTurn = async (ids: string[]): Promise<string[]> => {
    // Only the token of the account that consented buys for this run (the person may have changed it since).
    if ((await core.account()) !== run.account) return [];
    // Only the videos another purchase took since the batch was formed (after its look in the cache) can have
    // been saved since; the cache is read for those alone (a read would wait behind the earlier answers' writes).
    const taken = watch.takenAmong(ids);
    const saved = taken.length > 0 ? await savedAmong(core, taken, run.lang) : new Set<string>();
    const toSend = ids.filter((id) => !saved.has(id));
    const at = now();
    const current = await store.update(run.account, run.runId, (r) => {
      if (r.state !== 'running') return r;
      const marked = markSaved(r, [...saved]);
      return toSend.length > 0 ? recordStart(marked, at) : marked;
    });
    if (current?.state !== 'running' || toSend.length === 0) return [];
    Object.assign(sent, { at, ids: toSend });
    for (const id of toSend) flight.sent.add(id);
    return toSend;
  };
  // What was delivered is kept before the till lets anyone waiting for these videos look again.
  // A 2xx answer: the token and the balance were good (a 402 charges nothing and would have come instead), so
  // the other batches may go while this one's body is read, journaled and kept.
  const onStatus = (status: number) => {
    if (status < 200 || status > 299 || flight.answered) return;
    flight.answered = true;
    flight.wake();
  };
  const keep = async (response: TranscriptResponse, ids: string[]) => {
    const byId = new Map(response.results.map((r) => [r.id, r]));
    const delivered = ids.flatMap((id) => {
      const result = byId.get(id);
      return result && !isTranscriptFailure(result) ? [{ videoId: id, result }] : [];
    });
    // Pinned before they are written: a later batch's write must not evict them before the file is saved.
    core.pin(delivered.map((d) => d.videoId));
    const saved = savedOf(delivered);
    // The file's parts are made while the run waits for its next window (and this write is on its way).
    deps.files.add(run.runId, run.format, saved);
    await storeSavedMany(core, run.lang, saved);
  };
  let bought: TranscriptBought;
  try {
    bought = await core.till.buyTranscripts({
      ids: batch,
      lang: run.lang,
      path: 'bulk',
      priority: 'background',
      signal: flight.controller.signal,
      runId: run.runId,
      onTurn,
      keep,
      onStatus,
    });
  } catch (error) {
    // Withdrawn while waiting for its turn, or for its room after an early turn (the run was cancelled or
    // stopped): nothing was sent.
    const withdrawn = sent.at === null || (isServiceError(error) && error.code === 'aborted');
    if (flight.controller.signal.aborted && withdrawn) return;
    // Refused before it was sent (no permission, a wait too long) or failed on its way: the run is told.
    await failed(deps, run, sent.at === null ? batch : sent.ids, error, sent.at === null ? 0 : now() - sent.at, flight);
    return;
  } finally {
    // A turn given again (after a 429) asks again: the watch ends with the purchase.
    watch.stop();
  }
  const { response } = bought;
  if (response === null || sent.at === null) return;
  const outcomes = new Map<string, Outcome>();
  const byId = new Map(response.results.map((r) => [r.id, r]));
  // Videos another purchase was carrying stay pending: the next look finds them saved (or buys them then).
  for (const id of bought.sent) {
    const result = byId.get(id);
    if (!result) outcomes.set(id, { kind: 'retryable', message: noResult() });
    else if (isTranscriptFailure(result)) {
      const message = itemErrorSentence(result.error, result.message);
      outcomes.set(id, { kind: RETRYABLE.has(result.error) ? 'retryable' : 'terminal', message });
    } else outcomes.set(id, { kind: 'delivered' });
  }
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
  // The service may have charged a batch whose answer never arrived readable: set aside, never sent again.
  if (isServiceError(error) && error.details.mayHaveCharged === true) {
    const unknown = new Map(ids.map((id): [string, Outcome] => [id, { kind: 'unknown', message: sentence }]));
    await store.update(run.account, run.runId, (r) => applyBatch(r, unknown, took));
    return;
  }
  if (ENDS_RUN.has(status) || ENDS_RUN_CODES.has(code)) {
    const stopCode = status === 402 ? (code === OUT_OF_AI_UNITS ? OUT_OF_AI_UNITS : OUT_OF_REQUESTS) : code;
    await store.update(run.account, run.runId, (r) => stopRun(r, stopCode, sentence, now()));
    flight.controller.abort();
    return;
  }
  const outcomes = new Map(ids.map((id): [string, Outcome] => [id, { kind: 'retryable', message: sentence }]));
  await store.update(run.account, run.runId, (r) => applyBatch(r, outcomes, took));
}
