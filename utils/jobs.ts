import { errorSentence } from './api/error-text';
import { isServiceError } from './api/errors';
import type { Job } from './api/schemas';
import { isPending, type JobRecord, type JobStore } from './jobs-store';

export const POLL_INTERVAL_MS = 10_000;

export type PollerDeps = {
  store: Pick<JobStore, 'all' | 'put'>;
  /** GET /api/watch/{jobId}, through the scheduler's poll lane. */
  fetchJob: (jobId: number) => Promise<Job>;
  /** Every change of a record; `job` is the service's answer when there was one (ready: it has the artifact). */
  onUpdate: (record: JobRecord, job: Job | null) => Promise<void> | void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  intervalMs?: number;
};

/**
 * Polls every pending analysis job every 10 s with one timer for all of them, one request in flight per
 * job, and stops the moment a job is ready, failed or lost. Records live in storage, so `resume()` on
 * worker start-up (or from the backstop alarm) carries on where a killed worker stopped.
 */
export function createPoller(deps: PollerDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const interval = deps.intervalMs ?? POLL_INTERVAL_MS;
  const records = new Map<number, JobRecord>();
  const inFlight = new Set<number>();
  let timer: unknown = null;

  function schedule(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const due = [...records.values()]
      .filter((r) => isPending(r) && !inFlight.has(r.jobId))
      .map((r) => r.nextPollAt ?? now());
    if (due.length === 0) return;
    timer = setTimer(tick, Math.max(0, Math.min(...due) - now()));
  }

  function tick(): void {
    timer = null;
    for (const record of records.values()) {
      if (isPending(record) && !inFlight.has(record.jobId) && (record.nextPollAt ?? 0) <= now()) void poll(record);
    }
    schedule();
  }

  async function poll(record: JobRecord): Promise<void> {
    inFlight.add(record.jobId);
    const startedAt = now();
    let next: JobRecord;
    let job: Job | null = null;
    try {
      job = await deps.fetchJob(record.jobId);
      next = applyJob(record, job, startedAt, interval);
    } catch (error) {
      next = applyError(record, error, startedAt, interval);
    } finally {
      inFlight.delete(record.jobId);
    }
    // A newer record for the same job (a restart) wins over this answer.
    if (records.get(record.jobId) !== record) return schedule();
    records.set(next.jobId, next);
    if (!isPending(next)) records.delete(next.jobId);
    await deps.store.put(next);
    await deps.onUpdate(next, job);
    schedule();
  }

  return {
    async track(record: JobRecord): Promise<void> {
      await deps.store.put(record);
      if (isPending(record)) records.set(record.jobId, record);
      schedule();
    },
    async resume(): Promise<void> {
      for (const record of await deps.store.all()) {
        if (isPending(record) && !inFlight.has(record.jobId)) records.set(record.jobId, record);
      }
      schedule();
    },
    pendingCount: () => [...records.values()].filter(isPending).length,
    stop(): void {
      if (timer !== null) clearTimer(timer);
      timer = null;
      records.clear();
    },
  };
}

export function applyJob(record: JobRecord, job: Job, polledAt: number, interval: number): JobRecord {
  const polled = { ...record, lastPolledAt: polledAt, polls: record.polls + 1 };
  if (job.status === 'queued' || job.status === 'processing') {
    return { ...polled, status: job.status, nextPollAt: polledAt + interval };
  }
  const error =
    job.status === 'failed'
      ? {
          code: job.errorCode ?? 'analysis_failed',
          message: job.error ?? errorSentence(job.errorCode ?? 'analysis_failed', 'The analysis failed.'),
          retryable: job.retryable ?? false,
        }
      : null;
  return { ...polled, status: job.status, nextPollAt: null, endedAt: polledAt, error };
}

function applyError(record: JobRecord, error: unknown, polledAt: number, interval: number): JobRecord {
  const polled = { ...record, lastPolledAt: polledAt, polls: record.polls + 1 };
  if (isServiceError(error) && error.status === 404) {
    const message = 'The service no longer knows this analysis. Start it again to get a result.';
    return {
      ...polled,
      status: 'lost',
      nextPollAt: null,
      endedAt: polledAt,
      error: { code: 'not_found', message, retryable: true },
    };
  }
  // Network trouble, timeouts, 5xx: keep the job and try again at the next interval.
  return { ...polled, nextPollAt: polledAt + interval };
}
