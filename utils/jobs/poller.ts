import { errorSentence } from '../api/error-text';
import { isServiceError } from '../api/errors';
import { AnalysisMode, type Job } from '../api/schemas';
import { t } from '../i18n/catalogue';
import { isPending } from './pending';
import type { JobRecord } from './store';

export const POLL_INTERVAL_MS = 10_000;
/** Polls before a job that never ends is given up as lost: six hours at one poll every 10 s. */
export const MAX_POLLS = 2_160;
/** Answers in a row that could not be read before polling stops. */
export const MAX_UNREADABLE = 5;

/** Thrown by `fetchJob` for a job of another account than the current token's: it is dropped, not ended. */
export class NotThisAccount extends Error {
  override readonly name = 'NotThisAccount';
}

export type PollerDeps = {
  store: { all: () => Promise<JobRecord[]>; put: (record: JobRecord) => Promise<void> };
  /** GET /api/watch/{jobId}, through the scheduler's poll lane, with the token of the record's account. */
  fetchJob: (record: JobRecord) => Promise<Job>;
  /** Every change of a record; `job` is the service's answer when there was one (ready: it has the artifact). */
  onUpdate: (record: JobRecord, job: Job | null) => Promise<void> | void;
  /** Reports a step that threw (storage, a listener); polling goes on regardless. */
  onProblem?: (error: unknown) => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  intervalMs?: number;
};

/**
 * Polls every pending analysis job every 10 s with one timer for all of them, one request in flight per
 * job, and stops the moment a job is ready, failed or lost. Records live in storage, so `resume()` on
 * worker start-up (or from the backstop alarm) carries on where a killed worker stopped. A wall clock set
 * back or forward never stretches a wait past one interval, and a step that throws never stops the timer.
 */
export function createPoller(deps: PollerDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const interval = deps.intervalMs ?? POLL_INTERVAL_MS;
  const records = new Map<number, JobRecord>();
  const inFlight = new Set<number>();
  const unreadable = new Map<number, number>();
  /** Answers being stored and told (the record written, then the artifact kept): a reader waits for them. */
  const settling = new Map<number, Promise<void>>();
  let timer: unknown = null;

  function schedule(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const wait = nextWait(records.values(), inFlight, now(), interval);
    if (wait !== null) timer = setTimer(tick, wait);
  }

  function tick(): void {
    timer = null;
    const t = now();
    for (const record of records.values()) {
      if (isPending(record) && !inFlight.has(record.jobId) && isDue(record, t, interval)) void poll(record);
    }
    schedule();
  }

  async function poll(record: JobRecord): Promise<void> {
    inFlight.add(record.jobId);
    const startedAt = now();
    let answer: { next: JobRecord; job: Job | null };
    try {
      answer = await answerOf(deps, record, startedAt, interval, unreadable);
    } catch (error) {
      if (!(error instanceof NotThisAccount)) throw error;
      // Another account's job: dropped, not ended.
      inFlight.delete(record.jobId);
      if (records.get(record.jobId) === record) records.delete(record.jobId);
      schedule();
      return;
    } finally {
      inFlight.delete(record.jobId);
    }
    const { next, job } = answer;
    // A newer record for the same job (a restart) wins over this answer.
    if (records.get(record.jobId) !== record) {
      schedule();
      return;
    }
    const settled = settle(next, job);
    settling.set(next.jobId, settled);
    await settled;
    if (settling.get(next.jobId) === settled) settling.delete(next.jobId);
  }

  async function settle(next: JobRecord, job: Job | null): Promise<void> {
    records.set(next.jobId, next);
    if (!isPending(next)) {
      records.delete(next.jobId);
      unreadable.delete(next.jobId);
    }
    await storeAndTell(deps, next, job);
    schedule();
  }

  return {
    async track(record: JobRecord): Promise<void> {
      if (isPending(record)) records.set(record.jobId, record);
      else records.delete(record.jobId);
      schedule();
      await deps.store.put(record);
    },
    async resume(): Promise<void> {
      for (const record of await deps.store.all()) {
        if (isPending(record) && !inFlight.has(record.jobId) && !records.has(record.jobId)) {
          records.set(record.jobId, record);
        }
      }
      schedule();
    },
    pendingCount: () => [...records.values()].filter(isPending).length,
    /**
     * Once the answer being stored for this job (if any) is stored and told: a ready record is written before its
     * artifact is kept, and a reader in between would otherwise ask the service for the job again.
     */
    settled: (jobId: number): Promise<void> => settling.get(jobId) ?? Promise.resolve(),
    /** Forgets every job (another account's token is now in use, or none): nothing more is polled. */
    stop(): void {
      if (timer !== null) clearTimer(timer);
      timer = null;
      records.clear();
      unreadable.clear();
    },
  };
}

/** Ms until the next pending job not in flight is due, or null when none is. */
function nextWait(
  records: Iterable<JobRecord>,
  inFlight: ReadonlySet<number>,
  t: number,
  interval: number,
): number | null {
  const due = [...records].filter((r) => isPending(r) && !inFlight.has(r.jobId)).map((r) => r.nextPollAt ?? t);
  if (due.length === 0) return null;
  // Clamped to one interval: a clock moved back a day must not put the next poll a day away.
  return Math.min(interval, Math.max(0, Math.min(...due) - t));
}

/** Due now; a due time further away than one interval comes from a clock that moved back: poll now too. */
function isDue(record: JobRecord, t: number, interval: number): boolean {
  const due = record.nextPollAt ?? 0;
  return due <= t || due - t > interval;
}

/** The record stored and its change told; a step that throws is reported, never thrown: polling goes on. */
async function storeAndTell(deps: PollerDeps, next: JobRecord, job: Job | null): Promise<void> {
  try {
    await deps.store.put(next);
    await deps.onUpdate(next, job);
  } catch (error) {
    deps.onProblem?.(error);
  }
}

/**
 * One poll's answer as the record's next state, given up as lost after MAX_POLLS (NotThisAccount is thrown on);
 * counts unreadable answers in a row.
 */
async function answerOf(
  deps: PollerDeps,
  record: JobRecord,
  startedAt: number,
  interval: number,
  unreadable: Map<number, number>,
): Promise<{ next: JobRecord; job: Job | null }> {
  let next: JobRecord;
  let job: Job | null = null;
  try {
    job = await deps.fetchJob(record);
    unreadable.delete(record.jobId);
    next = applyJob(record, job, startedAt, interval);
  } catch (error) {
    if (error instanceof NotThisAccount) throw error;
    const misses = isServiceError(error) && error.code === 'bad_response' ? (unreadable.get(record.jobId) ?? 0) + 1 : 0;
    unreadable.set(record.jobId, misses);
    next = applyError(record, error, startedAt, interval, misses);
  }
  return { next: isPending(next) && next.polls >= MAX_POLLS ? timedOut(next, startedAt) : next, job };
}

/** What the service says it runs: the mode (auto resolved) and whether only the allowed minutes. */
export function reported(job: Job): Partial<Pick<JobRecord, 'mode' | 'partial'>> {
  const mode = AnalysisMode.safeParse(job.mode);
  return {
    ...(mode.success && { mode: mode.data }),
    ...(typeof job.partial === 'boolean' && { partial: job.partial }),
  };
}

export function applyJob(record: JobRecord, job: Job, polledAt: number, interval: number): JobRecord {
  const polled = {
    ...record,
    ...reported(job),
    serviceStatus: job.unknownStatus ?? null,
    lastPolledAt: polledAt,
    polls: record.polls + 1,
  };
  if (job.status === 'queued' || job.status === 'processing') {
    return { ...polled, status: job.status, nextPollAt: polledAt + interval };
  }
  const error =
    job.status === 'failed'
      ? {
          code: job.errorCode ?? 'analysis_failed',
          message: job.error ?? errorSentence(job.errorCode ?? 'analysis_failed', t('background.job.failed')),
          // Unsaid is not "will not help": only the service's own `false` is shown as such.
          retryable: job.retryable ?? true,
        }
      : null;
  return { ...polled, status: job.status, nextPollAt: null, endedAt: polledAt, error };
}

function ended(record: JobRecord, at: number, code: string, message: string): JobRecord {
  return { ...record, status: 'lost', nextPollAt: null, endedAt: at, error: { code, message, retryable: true } };
}

const lostSentence = () => t('background.job.lost');
const timedOutSentence = () => t('background.job.timedOut');

function timedOut(record: JobRecord, at: number): JobRecord {
  return ended(record, at, 'poll_timeout', timedOutSentence());
}

function applyError(record: JobRecord, error: unknown, polledAt: number, interval: number, misses: number): JobRecord {
  const polled = { ...record, lastPolledAt: polledAt, polls: record.polls + 1 };
  if (isServiceError(error) && error.status === 404) return ended(polled, polledAt, 'not_found', lostSentence());
  // The token was revoked or refused: asking again every 10 s cannot help until the person acts.
  if (isServiceError(error) && (error.status === 401 || error.status === 403)) {
    const why = errorSentence(error.code, error.message);
    return ended(polled, polledAt, error.code, t('background.job.authStopped', { why }));
  }
  if (misses >= MAX_UNREADABLE) {
    return ended(polled, polledAt, 'bad_response', t('background.job.unreadable', { n: MAX_UNREADABLE }));
  }
  // Network trouble, timeouts, 5xx: keep the job and try again at the next interval.
  return { ...polled, nextPollAt: polledAt + interval };
}
