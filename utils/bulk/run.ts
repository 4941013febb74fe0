import { z } from 'zod';
import { TRANSCRIPT_IDS_PER_REQUEST } from '../api/schemas';
import type { BulkStatus } from '../channel/replies';
import { t } from '../i18n/catalogue';
import { floorStarts, type Limit } from '../scheduler/floor';
import { LIMIT_SPECS } from '../scheduler/limits';
import { BULK_OUTPUTS } from './outputs';

/**
 * A bulk transcript run as a persisted record and the pure steps that move it. The background's driver
 * (entrypoints/background/channel/bulk.ts) reads the record, takes a step, writes it back; a worker stopped at any
 * point resumes from the last write. Ids move pending → delivered | failed, or pending → retry → pending
 * (next pass); nothing is ever in two lists, so nothing is bought twice by the record's own account.
 */

/** The most ids one transcripts request takes (spec: Limits). */
export const BATCH = TRANSCRIPT_IDS_PER_REQUEST;
/** Passes over retryable failures; after the last they are reported, not bought. */
export const PASSES = 3;
export const PASS_BACKOFF_MS = 3_000;
/** Request starts older than the longest rate limit no longer matter. */
const STARTS_KEPT_MS = Math.max(...Object.values(LIMIT_SPECS).map((w) => w.periodMs));

export const BulkOutput = z.enum(BULK_OUTPUTS);
export type BulkOutput = z.infer<typeof BulkOutput>;

const Failure = z.object({ id: z.string(), message: z.string() });

export const BulkRun = z.object({
  runId: z.string(),
  /** The account (utils/account/key.ts) that consented; only its token drives the run. */
  account: z.string(),
  /** The channel as the page named it, and the id the service resolved (a later visit by any form finds it). */
  channel: z.string(),
  channelId: z.string().nullable(),
  title: z.string(),
  /** Every selected video, in list order: the archive has a row for each. */
  selection: z.array(z.string()),
  lang: z.string(),
  format: BulkOutput,
  state: z.enum(['running', 'finished', 'cancelled', 'stopped']),
  /** Videos to buy (the selection's uncached part when the person consented). */
  total: z.number().int().nonnegative(),
  delivered: z.array(z.string()),
  failed: z.array(Failure),
  pending: z.array(z.string()),
  retry: z.array(Failure),
  /**
   * Videos of a batch whose answer never arrived readable (timeout, dropped connection, unreadable answer, a
   * stop mid-request): the service may have charged them, so the run never sends them again by itself.
   */
  unknown: z.array(Failure).default([]),
  pass: z.number().int().nonnegative(),
  /** The next pass waits for its backoff until then (ms since epoch). */
  notBefore: z.number().nullable(),
  /** When this run's requests started, within the last minute: the rate floor after a restart, and the ETA. */
  starts: z.array(z.number()),
  /** Mean time a batch took, once one came back. */
  batchMs: z.number().nullable(),
  /** Why the run stopped: a request-level error code and its sentence (402's is worded from what is left). */
  stopCode: z.string().nullable(),
  message: z.string().nullable(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  /** When its file was first saved: until then its deliveries are pinned in the cache (never evicted). */
  savedAt: z.number().nullable().default(null),
  /**
   * The tab whose panel asked for the run (its consent's): only its save marks the file saved and unpins. Null
   * for a run stored before it was kept: its pins go when the run is forgotten.
   */
  tabId: z.number().int().nullable().default(null),
});
export type BulkRun = z.infer<typeof BulkRun>;

export type Outcome =
  | { kind: 'delivered' }
  | { kind: 'terminal'; message: string }
  | { kind: 'retryable'; message: string }
  | { kind: 'unknown'; message: string };

export const noResult = () => t('background.bulk.noResult');

export type NewRun = Pick<
  BulkRun,
  'runId' | 'account' | 'channel' | 'channelId' | 'title' | 'selection' | 'lang' | 'format'
> & { toBuy: string[]; tabId?: number | null };

export function newRun(args: NewRun, now: number): BulkRun {
  const { toBuy, tabId = null, ...rest } = args;
  const pending = [...new Set(toBuy)];
  return {
    ...rest,
    state: pending.length > 0 ? 'running' : 'finished',
    total: pending.length,
    delivered: [],
    failed: [],
    pending,
    retry: [],
    unknown: [],
    pass: 0,
    notBefore: null,
    starts: [],
    batchMs: null,
    stopCode: null,
    message: null,
    startedAt: now,
    endedAt: pending.length > 0 ? null : now,
    savedAt: null,
    tabId,
  };
}

/** The next ids to send: pending ones not already in flight, at most one batch. */
export function takeBatch(run: BulkRun, inFlight: ReadonlySet<string>): string[] {
  return run.pending.filter((id) => !inFlight.has(id)).slice(0, BATCH);
}

/**
 * Videos a stopped worker had sent and never heard back about (the journal's open intents of this run): set
 * aside as may-have-been-charged, never sent again by the run.
 */
export function markUnknown(run: BulkRun, ids: readonly string[], message: string): BulkRun {
  const gone = new Set(ids.filter((id) => run.pending.includes(id) || run.retry.some((r) => r.id === id)));
  if (gone.size === 0) return run;
  return {
    ...run,
    pending: run.pending.filter((id) => !gone.has(id)),
    retry: run.retry.filter((r) => !gone.has(r.id)),
    unknown: [...run.unknown, ...[...gone].map((id) => ({ id, message }))],
  };
}

/** Ids found saved before buying (delivered before a restart, or loaded in a tab since): done, not bought. */
export function markSaved(run: BulkRun, ids: readonly string[]): BulkRun {
  const saved = new Set(ids.filter((id) => run.pending.includes(id)));
  if (saved.size === 0) return run;
  return { ...run, pending: run.pending.filter((id) => !saved.has(id)), delivered: [...run.delivered, ...saved] };
}

export function recordStart(run: BulkRun, at: number): BulkRun {
  return { ...run, starts: [...run.starts.filter((t) => t > at - STARTS_KEPT_MS), at] };
}

/** A batch's answer: every id it carried leaves pending (one missing from the answer is tried again). */
export function applyBatch(run: BulkRun, outcomes: ReadonlyMap<string, Outcome>, tookMs: number): BulkRun {
  const ids = new Set(outcomes.keys());
  const delivered: string[] = [];
  const lists = {
    terminal: [] as BulkRun['failed'],
    retryable: [] as BulkRun['retry'],
    unknown: [] as BulkRun['unknown'],
  };
  for (const id of run.pending) {
    if (!ids.has(id)) continue;
    const outcome = outcomes.get(id) ?? { kind: 'retryable', message: noResult() };
    if (outcome.kind === 'delivered') delivered.push(id);
    else lists[outcome.kind].push({ id, message: outcome.message });
  }
  return {
    ...run,
    pending: run.pending.filter((id) => !ids.has(id)),
    delivered: [...run.delivered, ...delivered],
    failed: [...run.failed, ...lists.terminal],
    retry: [...run.retry, ...lists.retryable],
    unknown: [...run.unknown, ...lists.unknown],
    // A moving average: recent batches say more about the service's pace now.
    batchMs: run.batchMs === null ? tookMs : Math.round(run.batchMs * 0.7 + tookMs * 0.3),
  };
}

/** Nothing pending and nothing in flight: start the next pass after its backoff, or finish. */
export function endPass(run: BulkRun, now: number): BulkRun {
  if (run.state !== 'running' || run.pending.length > 0) return run;
  if (run.retry.length > 0 && run.pass + 1 < PASSES) {
    const pass = run.pass + 1;
    return { ...run, pending: run.retry.map((r) => r.id), retry: [], pass, notBefore: now + PASS_BACKOFF_MS * pass };
  }
  // Retryable failures that outlasted every pass are reported, not bought.
  return { ...run, failed: [...run.failed, ...run.retry], retry: [], state: 'finished', endedAt: now };
}

export function stopRun(run: BulkRun, code: string, message: string, now: number): BulkRun {
  if (run.state !== 'running') return run;
  return { ...run, state: 'stopped', stopCode: code, message, endedAt: now };
}

export const OUT_OF_REQUESTS = 'insufficient_cloud_requests';

/** Said when a 402 stopped the run, from what is left now (batches in flight may still have delivered). */
export const outOfRequests = (left: number) => t('background.bulk.outOfRequests', { n: left });

export const OUT_OF_AI_UNITS = 'insufficient_ai_units';

/** A 402 for AI Units: audio transcription of a captionless video needs them (spec: Billing rule 3). */
export const outOfAiUnits = (left: number) => t('background.bulk.outOfAiUnits', { n: left });

/** The run's file was saved: its deliveries may now make room like any saved transcript. */
export function markFileSaved(run: BulkRun, now: number): BulkRun {
  return run.state === 'running' || run.savedAt !== null ? run : { ...run, savedAt: now };
}

/** Videos whose transcripts must stay until the run's file is saved: the whole selection (saved ones go in it too). */
export const pinnedOf = (runs: readonly BulkRun[]) =>
  runs.filter((r) => r.savedAt === null).flatMap((r) => r.selection);

export function cancelRun(run: BulkRun, now: number): BulkRun {
  if (run.state !== 'running') return run;
  return { ...run, state: 'cancelled', endedAt: now };
}

/** Videos not yet delivered or failed for good. */
export const leftOf = (run: BulkRun) => run.pending.length + run.retry.length;

/**
 * Seconds until the run can end at the rate-limit floor: the remaining batches started as early as the
 * plan's limits allow after this run's own starts (and a pending pass's backoff), plus one batch's time.
 */
export function etaSeconds(run: BulkRun, limits: readonly Limit[], inFlight: number, now: number): number | null {
  if (run.state !== 'running') return null;
  const waiting = Math.max(0, run.pending.length - inFlight);
  const batches = Math.ceil(waiting / BATCH) + Math.ceil(run.retry.length / BATCH);
  const from = Math.max(now, run.notBefore ?? now);
  const last = floorStarts(run.starts, batches, limits, from).at(-1) ?? now;
  return Math.max(0, Math.ceil((Math.max(last, from) - now + (run.batchMs ?? 0)) / 1000));
}

export function statusOf(run: BulkRun, eta: number | null, inFlight = 0): BulkStatus {
  return {
    runId: run.runId,
    channel: run.channel,
    title: run.title,
    state: run.state,
    total: run.total,
    done: run.delivered.length,
    failed: run.failed,
    unknown: run.unknown,
    left: leftOf(run),
    message:
      run.stopCode === OUT_OF_REQUESTS
        ? outOfRequests(leftOf(run))
        : run.stopCode === OUT_OF_AI_UNITS
          ? outOfAiUnits(leftOf(run))
          : run.message,
    etaSeconds: eta,
    inFlight,
    format: run.format,
    startedAt: run.startedAt,
  };
}
