import { browser } from 'wxt/browser';
import { errorSentence, itemErrorSentence } from '../../utils/api/error-text';
import { isServiceError } from '../../utils/api/errors';
import { isTranscriptFailure, RETRYABLE_VIDEO_ERRORS, type TranscriptResponse } from '../../utils/api/schemas';
import {
  applyBatch,
  type BulkRun,
  cancelRun,
  endPass,
  etaSeconds,
  markSaved,
  type NewRun,
  NO_RESULT,
  newRun,
  OUT_OF_REQUESTS,
  type Outcome,
  recordStart,
  statusOf,
  stopRun,
  takeBatch,
} from '../../utils/bulk-run';
import { type BulkStore, bulkStore } from '../../utils/bulk-store';
import type { BulkStatus } from '../../utils/channel-views';
import { floorStarts, laneLimits } from '../../utils/scheduler/floor';
import { accountStore } from './account-store';
import type { Core } from './core';
import { savedTranscript, storeDelivered } from './transcripts';

export { BATCH } from '../../utils/bulk-run';

const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);
/** Batches in flight at once after the first: as many as the REST burst admits. */
const MAX_IN_FLIGHT = 5;
/** An extension API call this often keeps an MV3 worker from being stopped while a run waits. */
const HEARTBEAT_MS = 20_000;
const BACKSTOP_ALARM = 'tl-bulk-backstop';
/**
 * Held on top of each window, as the scheduler does: the service counts arrivals, the run records sends. After a
 * restart this floor is the only gate that knows the run's earlier requests (the new scheduler starts empty).
 */
const WINDOW_MARGIN_MS = 150;
/** Ended runs stay in the popup this long. */
const RECENT_MS = 10 * 60 * 1000;

type Deps = {
  store?: BulkStore;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Any extension API call: it resets the worker's idle timer. */
  keepAlive?: () => Promise<unknown>;
};

/** The ids among these with a saved (fresh) transcript in any track; the key list is read once. */
export async function savedAmong(core: Core, ids: readonly string[], lang: string): Promise<Set<string>> {
  const keys = await core.keeper.keys('transcript');
  const videos = new Set(keys.map((k) => k.slice(0, k.lastIndexOf(':'))));
  const saved = new Set<string>();
  for (const id of ids) if (videos.has(id) && (await savedTranscript(core, id, lang, keys))) saved.add(id);
  return saved;
}

/** Ids of the selection with no saved transcript in any track: only these are bought. */
export async function uncachedOf(core: Core, ids: string[], lang: string): Promise<string[]> {
  const saved = await savedAmong(core, ids, lang);
  return ids.filter((id) => !saved.has(id));
}

/** A request-level failure: 402 and a refused token end the run; anything else is tried again in a later pass. */
const ENDS_RUN = new Set([402, 401, 403]);

/**
 * Bulk transcript runs, persisted (utils/bulk-store.ts) and driven from the record: batches of at most 50
 * through the scheduler at background priority (the panel's requests go first), never faster than the rate
 * floor of this run's own starts, so a restarted worker does not run into 429s either. The first batch goes
 * alone (a 402 or a refused token is learned from one request); then up to five are in flight. Before each
 * batch, ids whose transcript is saved are dropped: what was delivered before a restart is never bought again.
 */
export function createBulk(core: Core, deps: Deps = {}) {
  const store = deps.store ?? bulkStore;
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const keepAlive = deps.keepAlive ?? (() => browser.runtime.getPlatformInfo());
  /** Ids in flight per run, in this worker. */
  const busy = new Map<string, Set<string>>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  async function limits() {
    return laneLimits('rest', (await accountStore.get()).plan ?? 'free');
  }

  async function view(run: BulkRun): Promise<BulkStatus> {
    const inFlight = busy.get(run.runId)?.size ?? 0;
    return statusOf(run, etaSeconds(run, await limits(), inFlight, now()), inFlight);
  }

  async function syncAlarm(): Promise<void> {
    try {
      const running = (await store.all(await core.account())).some((r) => r.state === 'running');
      // Packed builds clamp alarms to 30 s: the backstop wakes a worker that was stopped mid-run.
      if (running && !(await browser.alarms.get(BACKSTOP_ALARM)))
        await browser.alarms.create(BACKSTOP_ALARM, { periodInMinutes: 0.5 });
      if (!running) await browser.alarms.clear(BACKSTOP_ALARM);
    } catch (error) {
      console.warn('Transcript Lens: could not set the bulk backstop alarm', error);
    }
  }

  function beat(on: boolean): void {
    if (on && heartbeat === null) {
      heartbeat = setInterval(() => void keepAlive().catch(() => undefined), HEARTBEAT_MS);
    } else if (!on && heartbeat !== null && busy.size === 0) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  /** One batch: saved first, then the answer applied; a request-level failure stops or defers it. */
  async function send(run: BulkRun, batch: string[]): Promise<void> {
    const started = now();
    let response: TranscriptResponse;
    try {
      response = await core.rest('rest', 'background', (client) => client.transcripts({ ids: batch, lang: run.lang }));
    } catch (error) {
      const status = isServiceError(error) ? error.status : 0;
      const code = isServiceError(error) ? error.code : 'internal';
      const sentence = errorSentence(code, error instanceof Error ? error.message : undefined);
      if (ENDS_RUN.has(status)) {
        const stopCode = status === 402 ? OUT_OF_REQUESTS : code;
        await store.update(run.account, run.runId, (r) => stopRun(r, stopCode, sentence, now()));
      } else {
        const outcomes = new Map(batch.map((id): [string, Outcome] => [id, { kind: 'retryable', message: sentence }]));
        await store.update(run.account, run.runId, (r) => applyBatch(r, outcomes, now() - started));
      }
      return;
    }
    const outcomes = new Map<string, Outcome>();
    for (const id of batch) {
      const result = response.results.find((r) => r.id === id);
      if (!result) outcomes.set(id, { kind: 'retryable', message: NO_RESULT });
      else if (isTranscriptFailure(result)) {
        const message = itemErrorSentence(result.error, result.message);
        outcomes.set(id, { kind: RETRYABLE.has(result.error) ? 'retryable' : 'terminal', message });
      } else {
        // Saved before the record moves on: a worker stopped in between finds it saved and does not buy it again.
        await storeDelivered(core, id, run.lang, result);
        outcomes.set(id, { kind: 'delivered' });
      }
    }
    await store.update(run.account, run.runId, (r) => applyBatch(r, outcomes, now() - started));
  }

  /** Drives one run from its record until it ends, is cancelled, or the token changes (it waits for it then). */
  async function drive(account: string, runId: string): Promise<void> {
    if (busy.has(runId)) return;
    const ids = new Set<string>();
    busy.set(runId, ids);
    beat(true);
    const inFlight = new Set<Promise<void>>();
    try {
      for (;;) {
        if ((await core.account()) !== account) break;
        const run = await store.get(account, runId);
        if (run?.state !== 'running') break;
        const batch = takeBatch(run, ids);
        const rampingUp = run.batchMs === null && inFlight.size > 0;
        if (batch.length === 0 || rampingUp || inFlight.size >= MAX_IN_FLIGHT) {
          if (inFlight.size > 0) await Promise.race(inFlight);
          else await store.update(account, runId, (r) => endPass(r, now()));
          continue;
        }
        const gates = (await limits()).map((l) => ({ ...l, periodMs: l.periodMs + WINDOW_MARGIN_MS }));
        const until = Math.max(run.notBefore ?? 0, floorStarts(run.starts, 1, gates, now())[0] ?? 0);
        if (until > now()) {
          await wait(until - now());
          continue;
        }
        const saved = await savedAmong(core, batch, run.lang);
        if (saved.size > 0) {
          await store.update(account, runId, (r) => markSaved(r, [...saved]));
          continue;
        }
        const started = await store.update(account, runId, (r) => recordStart(r, now()));
        if (!started) break;
        for (const id of batch) ids.add(id);
        const task = send(started, batch)
          .catch(async (error: unknown) => {
            const sentence = errorSentence('internal', error instanceof Error ? error.message : undefined);
            await store.update(account, runId, (r) => stopRun(r, 'internal', sentence, now()));
          })
          .finally(() => {
            for (const id of batch) ids.delete(id);
            inFlight.delete(task);
          });
        inFlight.add(task);
      }
      await Promise.allSettled(inFlight);
    } finally {
      busy.delete(runId);
      beat(false);
      await syncAlarm();
    }
  }

  async function mine(runId: string): Promise<BulkRun | null> {
    return store.get(await core.account(), runId);
  }

  return {
    /** Persists the run the person consented to and starts driving it. */
    async start(args: Omit<NewRun, 'account'>): Promise<BulkStatus> {
      const account = await core.account();
      const run = newRun({ ...args, account }, now());
      await store.add(run);
      await syncAlarm();
      void drive(account, run.runId);
      return view(run);
    },
    async status(runId: string): Promise<BulkStatus | null> {
      const run = await mine(runId);
      return run ? view(run) : null;
    },
    /** The run to re-attach to on a channel page: the newest of this channel (by any URL form), if any. */
    async current(refs: readonly string[]): Promise<BulkStatus | null> {
      const wanted = new Set(refs);
      const runs = await store.all(await core.account());
      const run = runs.find((r) => wanted.has(r.channel) || (r.channelId !== null && wanted.has(r.channelId)));
      return run ? view(run) : null;
    },
    /** Running runs and those ended in the last minutes, for the popup. */
    async recent(): Promise<BulkStatus[]> {
      const runs = await store.all(await core.account());
      const shown = runs.filter((r) => r.state === 'running' || (r.endedAt ?? 0) > now() - RECENT_MS);
      return Promise.all(shown.map(view));
    },
    /** Stops buying; what was delivered (and any batch already answered) is kept. */
    async cancel(runId: string): Promise<BulkStatus | null> {
      const run = await store.update(await core.account(), runId, (r) => cancelRun(r, now()));
      return run ? view(run) : null;
    },
    /** The stored run itself (selection and failures), for the archive. */
    run: mine,
    /** Worker start, browser start, the backstop alarm: every running run of this account carries on. */
    async resume(): Promise<void> {
      const account = await core.account();
      const running = (await store.all(account)).filter((r) => r.state === 'running');
      for (const run of running) void drive(account, run.runId);
      if (running.length === 0) await syncAlarm();
    },
    isBackstop: (name: string) => name === BACKSTOP_ALARM,
  };
}

export type Bulk = ReturnType<typeof createBulk>;
