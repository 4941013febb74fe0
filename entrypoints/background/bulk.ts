import { errorSentence, itemErrorSentence } from '../../utils/api/error-text';
import { isServiceError } from '../../utils/api/errors';
import { isTranscriptFailure, RETRYABLE_VIDEO_ERRORS, type TranscriptResponse } from '../../utils/api/schemas';
import type { BulkStatus } from '../../utils/channel-views';
import type { Core } from './core';
import { savedTranscript, storeDelivered } from './transcripts';

/** The service takes at most 50 ids per transcripts request (spec: Limits). */
export const BATCH = 50;
const PASSES = 3;
const PASS_BACKOFF_MS = 3_000;
const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);

type Run = { status: BulkStatus; tabId: number | null; cancelled: boolean };
type Wait = (ms: number) => Promise<void>;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** Ids of the selection with no saved transcript in any track: only these are bought. */
export async function uncachedOf(core: Core, ids: string[], lang: string): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) if (!(await savedTranscript(core, id, lang))) out.push(id);
  return out;
}

const outOfRequests = (left: number) =>
  `You are out of Cloud Requests. ${left} video${left === 1 ? ' is' : 's are'} left; they would cost ${left} Cloud Request${left === 1 ? '' : 's'}.`;

/**
 * Bulk transcript runs: batches of at most 50 through the scheduler at background priority (the panel's own
 * requests go first). A per-video failure never fails the run: terminal ones are listed (free), retryable
 * ones are tried again in a later pass. A 402 stops the run and says what is left; Cancel stops between
 * batches and keeps what was delivered. Runs live in this worker (not yet persisted across restarts).
 */
export function createBulk(core: Core, wait: Wait = (ms) => new Promise((r) => setTimeout(r, ms))) {
  const runs = new Map<string, Run>();

  /** One batch; false when the run must stop (the reason is in the status). */
  async function batchOnce(run: Run, batch: string[], lang: string, retry: Map<string, string>) {
    const s = run.status;
    let response: TranscriptResponse;
    try {
      response = await core.rest('rest', 'background', (client) => client.transcripts({ ids: batch, lang }));
    } catch (error) {
      const code = isServiceError(error) ? error.code : 'internal';
      s.state = 'stopped';
      s.message =
        isServiceError(error) && error.status === 402
          ? outOfRequests(s.left)
          : errorSentence(code, error instanceof Error ? error.message : undefined);
      return false;
    }
    for (const id of batch) {
      const result = response.results.find((r) => r.id === id);
      if (!result) retry.set(id, 'The service answered without a result for this video.');
      else if (isTranscriptFailure(result)) {
        const sentence = itemErrorSentence(result.error, result.message);
        if (RETRYABLE.has(result.error)) retry.set(id, sentence);
        else {
          s.failed.push({ id, message: sentence });
          s.left -= 1;
        }
      } else {
        await storeDelivered(core, id, lang, result);
        s.done += 1;
        s.left -= 1;
      }
    }
    return true;
  }

  async function drive(run: Run, ids: string[], lang: string) {
    let pending = ids;
    let retry = new Map<string, string>();
    for (let pass = 0; pass < PASSES && pending.length > 0; pass++) {
      if (pass > 0) await wait(PASS_BACKOFF_MS * pass);
      retry = new Map();
      for (const batch of chunks(pending, BATCH)) {
        if (run.cancelled) {
          run.status.state = 'cancelled';
          return;
        }
        if (!(await batchOnce(run, batch, lang, retry))) return;
      }
      pending = [...retry.keys()];
    }
    // Retryable failures that outlasted every pass are reported, not bought.
    for (const [id, message] of retry) run.status.failed.push({ id, message });
    run.status.left = 0;
    run.status.state = 'finished';
  }

  return {
    start(ids: string[], lang: string, tabId: number | null): BulkStatus {
      const runId = crypto.randomUUID();
      const status: BulkStatus = {
        runId,
        state: 'running',
        total: ids.length,
        done: 0,
        failed: [],
        left: ids.length,
        message: null,
      };
      const run: Run = { status, tabId, cancelled: false };
      runs.set(runId, run);
      void drive(run, ids, lang).catch((error: unknown) => {
        status.state = 'stopped';
        status.message = errorSentence('internal', error instanceof Error ? error.message : undefined);
      });
      return { ...status, failed: [...status.failed] };
    },
    status(runId: string): BulkStatus | null {
      const run = runs.get(runId);
      return run ? { ...run.status, failed: [...run.status.failed] } : null;
    },
    cancel(runId: string, tabId: number | null): BulkStatus | null {
      const run = runs.get(runId);
      if (!run || run.tabId !== tabId) return null;
      run.cancelled = true;
      return { ...run.status, failed: [...run.status.failed] };
    },
  };
}

export type Bulk = ReturnType<typeof createBulk>;
