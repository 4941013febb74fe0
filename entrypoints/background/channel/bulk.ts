import { browser } from 'wxt/browser';
import { errorSentence } from '../../../utils/api/error-text';
import {
  type BulkRun,
  cancelRun,
  endPass,
  etaSeconds,
  markFileSaved,
  markSaved,
  markUnknown,
  type NewRun,
  newRun,
  pinnedOf,
  statusOf,
  stopRun,
  takeBatch,
} from '../../../utils/bulk-run';
import { type BulkStore, bulkStore } from '../../../utils/bulk-store';
import type { BulkOutput, BulkStatus } from '../../../utils/channel-replies';
import { t } from '../../../utils/i18n/catalogue';
import type { BroadcastMessage } from '../../../utils/protocol/broadcasts';
import { laneLimits } from '../../../utils/scheduler/floor';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Till } from '../till';
import { type Flight, sendBatch } from './bulk-batch';
import { balanceCovers } from './bulk-probe';
import { savedAmong } from './bulk-saved';
import { createRunFiles } from './run-file';
import { createRunTabs } from './run-tabs';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan' | 'unpin'> & { till: Till };

export { BATCH } from '../../../utils/bulk-run';
export { savedAmong, uncachedOf } from './bulk-saved';

/** Batches in flight (waiting their turn or sent) at once: as many as the REST burst admits. */
const MAX_IN_FLIGHT = 5;

/** Up to `count` batches of the run's pending videos, none of `busy` nor of each other. */
function formBatches(run: BulkRun, busy: ReadonlySet<string>, count: number): string[][] {
  const taken = new Set(busy);
  const batches: string[][] = [];
  while (batches.length < count) {
    const next = takeBatch(run, taken);
    if (next.length === 0) break;
    for (const id of next) taken.add(id);
    batches.push(next);
  }
  return batches;
}
/** An extension API call this often keeps an MV3 worker from being stopped while a run waits. */
const HEARTBEAT_MS = 20_000;
const BACKSTOP_ALARM = 'tl-bulk-backstop';
/** Ended runs stay in the popup this long. */
const RECENT_MS = 10 * 60 * 1000;

export type BulkDeps = {
  store?: BulkStore;
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Any extension API call: it resets the worker's idle timer. */
  keepAlive?: () => Promise<unknown>;
  /** Pushes to a tab's content script (browser.tabs.sendMessage). */
  tellTab?: (tabId: number, message: BroadcastMessage) => Promise<unknown>;
};

/**
 * Bulk transcript runs, persisted (utils/bulk-store.ts) and driven from the record: batches of at most 50
 * through the scheduler at background priority (the panel's requests go first, and the scheduler keeps every
 * rate limit). The first batch goes alone (a 402 or a refused token is learned from one request), unless the
 * Cloud Request balance read lately covers the run (bulk-probe.ts); then up to five wait their turn or are on
 * their way. A worker that takes a run over finds the earlier worker's requests in its scheduler's windows
 * (core/rate-log.ts), so it keeps to the limits too. Before each request, ids whose
 * transcript is saved are dropped: what was delivered before a restart is never bought again.
 */
const interruptedSentence = () => t('background.bulk.interrupted');

export function createBulk(core: CoreNeeds, deps: BulkDeps = {}) {
  const store = deps.store ?? bulkStore;
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const keepAlive = deps.keepAlive ?? (() => browser.runtime.getPlatformInfo());
  const tellTab =
    deps.tellTab ?? ((tabId: number, message: BroadcastMessage) => browser.tabs.sendMessage(tabId, message));
  const flights = new Map<string, Flight>();
  const files = createRunFiles();
  const tabs = createRunTabs();
  const endListeners = new Set<(run: BulkRun) => void>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  async function limits() {
    return laneLimits('rest', (await accountStore.get()).plan ?? 'free');
  }

  async function liveStatus(run: BulkRun): Promise<BulkStatus> {
    const sent = flights.get(run.runId)?.sent.size ?? 0;
    return statusOf(run, etaSeconds(run, await limits(), sent, now()), sent);
  }

  /** Deliveries of runs whose file is not saved yet stay in the cache, whatever its budget. */
  async function repin(): Promise<void> {
    core.pin(pinnedOf(await store.all(await core.account())));
  }

  /** `runningKnown`: told by the caller (a run just started), so the runs are not read for it. */
  async function syncAlarm(runningKnown?: boolean): Promise<void> {
    try {
      const running = runningKnown ?? (await store.all(await core.account())).some((r) => r.state === 'running');
      // Packed builds clamp alarms to 30 s: the backstop wakes a worker that was stopped mid-run.
      if (running && !(await browser.alarms.get(BACKSTOP_ALARM)))
        await browser.alarms.create(BACKSTOP_ALARM, { periodInMinutes: 0.5 });
      if (!running) await browser.alarms.clear(BACKSTOP_ALARM);
    } catch (error) {
      console.warn('Transcript Lens: could not set the bulk backstop alarm', error);
    }
  }

  function beat(): void {
    if (flights.size > 0 && heartbeat === null) {
      // Through an async function: a browser without the API may throw at once instead of rejecting.
      const ping = async () => keepAlive();
      heartbeat = setInterval(() => void ping().catch(() => undefined), HEARTBEAT_MS);
    } else if (flights.size === 0 && heartbeat !== null) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  /**
   * Drives one run from its record until it ends, is cancelled, or the token changes (it waits for it then).
   * `started`: the run as `start` just stored it, used for the first pass instead of reading it again; no earlier
   * worker sent any of it, so nothing of it can be unsure (each read before the first request delayed the run).
   */
  async function drive(account: string, runId: string, started?: BulkRun): Promise<void> {
    if (flights.has(runId)) return;
    const flight: Flight = {
      controller: new AbortController(),
      held: new Set(),
      sent: new Set(),
      answered: false,
      wake: () => undefined,
    };
    flights.set(runId, flight);
    beat();
    const inFlight = new Set<Promise<void>>();
    /** The run as its last pass left it, when the driver ended it: told as it is, not read again. */
    let ended: BulkRun | null = null;
    let working: (() => void) | null = null;
    const resting = () => {
      working?.();
      working = null;
    };
    try {
      // A stopped worker's requests are in the scheduler's windows already (core/rate-log.ts).
      const first = started ?? (await store.get(account, runId));
      // Batches a stopped worker sent and never heard back about may have been charged: never sent again.
      const unsure = first && !started ? await core.till.unknownOfRun(runId) : [];
      const arrived = first && unsure.length > 0 ? await savedAmong(core, unsure, first.lang) : new Set<string>();
      const interrupted = unsure.filter((id) => !arrived.has(id));
      if (interrupted.length > 0)
        await store.update(account, runId, (r) => markUnknown(r, interrupted, interruptedSentence()));
      // A balance known to cover the run: no first batch alone (bulk-probe.ts).
      const together = first?.state === 'running' && (await balanceCovers(first.pending.length));
      // A cancel meanwhile is seen at the batches' turn (their record's step refuses a run no longer running).
      let fresh = started ?? null;
      /** The run as the last pass read it, and the videos of batches back since: what the next pass may form. */
      let known: BulkRun | null = null;
      const back = new Set<string>();
      for (;;) {
        // While the loop may form batches the file's parts wait (run-file.ts); they are made while it waits, and
        // while a look can only find every pending video in flight (the last wave's answers coming back).
        resting();
        if (!known || known.pending.some((id) => !flight.held.has(id) && !back.has(id))) working = files.busy();
        if ((await core.account()) !== account) break;
        const run = fresh ?? (await store.get(account, runId));
        fresh = null;
        known = run;
        back.clear();
        if (run?.state !== 'running') break;
        // The first batch goes alone until its answer comes back 2xx (a 402 is learned from one request), unless
        // the balance known lately covers the run; after it, the batches with room are formed in one pass (one
        // look at what is busy and saved), so that a wave's requests leave together.
        const alone = !together && run.batchMs === null && !flight.answered;
        const rampingUp = alone && inFlight.size > 0;
        const room = alone ? 1 - inFlight.size : MAX_IN_FLIGHT - inFlight.size;
        // From before the look at what is busy and saved: what any purchase takes from now on (each batch's turn
        // looks in the cache again only for those, instead of a read queued behind the earlier answers' writes).
        const watches = await Promise.all(
          Array.from({ length: Math.max(1, room) }, () => core.till.watchTranscripts()),
        );
        // Videos another purchase (another run, a panel) is buying now are not bought here; the run waits for them.
        const elsewhereBusy = await core.till.transcriptsBusy(run.pending.filter((id) => !flight.held.has(id)));
        const batches = formBatches(run, new Set([...flight.held, ...elsewhereBusy]), Math.max(1, room));
        const batch = batches.flat();
        if (batch.length === 0 || rampingUp || room <= 0) {
          for (const watch of watches) watch.stop();
          resting();
          if (inFlight.size > 0) {
            const answered = rampingUp ? new Promise<void>((resolve) => (flight.wake = resolve)) : null;
            await Promise.race(answered ? [...inFlight, answered] : inFlight);
            if (inFlight.size === 0) {
              // The last batch is back: the pass's end (a step that changes nothing while videos are pending) is
              // recorded by the same read that gives the next pass its run, instead of a read and then a write.
              const passed = await store.update(account, runId, (r) => endPass(r, now()));
              if (passed?.state !== 'running') {
                // Cancelled or stopped meanwhile: ended, but not driven to its end (no file prepared for it).
                if (passed?.state === 'finished') ended = passed;
                break;
              }
              fresh = passed;
            }
          } else if (elsewhereBusy.length > 0) await core.till.transcriptsSettled(elsewhereBusy);
          else {
            const passed = await store.update(account, runId, (r) => endPass(r, now()));
            // Finished (or ended meanwhile): nothing is left to drive, and the end is told without reading it again.
            if (passed?.state !== 'running') {
              ended = passed;
              break;
            }
          }
          continue;
        }
        if ((run.notBefore ?? 0) > now()) {
          for (const watch of watches) watch.stop();
          resting();
          await wait((run.notBefore ?? 0) - now());
          continue;
        }
        // Saved ones leave before the batch is formed (full batches after a restart); its turn checks again.
        const saved = await savedAmong(core, batch, run.lang);
        if (saved.size > 0) {
          for (const watch of watches) watch.stop();
          await store.update(account, runId, (r) => markSaved(r, [...saved]));
          continue;
        }
        for (const watch of watches.slice(batches.length)) watch.stop();
        batches.forEach((ids, i) => {
          const watch = watches[i];
          if (!watch) return;
          for (const id of ids) flight.held.add(id);
          const task = sendBatch({ core, store, now, files }, run, ids, flight, watch)
            .catch(async (error: unknown) => {
              const sentence = errorSentence('internal', error instanceof Error ? error.message : undefined);
              await store.update(account, runId, (r) => stopRun(r, 'internal', sentence, now()));
            })
            .finally(() => {
              for (const id of ids) {
                flight.held.delete(id);
                flight.sent.delete(id);
                back.add(id);
              }
              inFlight.delete(task);
            });
          inFlight.add(task);
        });
      }
      // What still waits for its turn is withdrawn (nothing was sent for it); what was sent comes back.
      flight.controller.abort();
      await Promise.allSettled(inFlight);
    } finally {
      resting();
      flights.delete(runId);
      beat();
      // Before the tabs are told: the file is being put together while they hear the end and ask for it.
      if (ended) for (const listener of endListeners) listener(ended);
      await announceEnd(account, runId, ended).catch(() => undefined);
      // The oldest ended runs are let go now that this one has ended (not at a start, where it held the run back).
      await store.trim(account).catch(() => undefined);
      await syncAlarm();
    }
  }

  /** The tabs that follow an ended run hear it at once (their panels' poll is only the fallback). */
  async function announceEnd(account: string, runId: string, known: BulkRun | null): Promise<void> {
    const run = known ?? (await store.get(account, runId));
    if (!run || run.state === 'running') return;
    const message: BroadcastMessage = { type: 'bulk.ended', runId };
    // Through async functions: a browser without the API may throw at once instead of rejecting.
    const tell = async (tabId: number) => tellTab(tabId, message);
    const tellPages = async () => browser.runtime.sendMessage(message);
    // A closed tab, or one whose panel moved on, needs no telling; nor does a page that is not open.
    await Promise.all([
      ...tabs.take(runId).map((tabId) => tell(tabId).catch(() => undefined)),
      tellPages().catch(() => undefined),
    ]);
  }

  async function mine(runId: string): Promise<BulkRun | null> {
    return store.get(await core.account(), runId);
  }

  return {
    /** Persists the run the person consented to and starts driving it. */
    async start(args: Omit<NewRun, 'account'>): Promise<BulkStatus> {
      const account = await core.account();
      const run = newRun({ ...args, account }, now());
      core.pin(run.selection);
      await store.add(run);
      void drive(account, run.runId, run);
      await syncAlarm(true);
      return liveStatus(run);
    },
    /** `tabId`: the tab whose panel reads it, told of the run's end while it runs. */
    async status(runId: string, tabId?: number): Promise<BulkStatus | null> {
      const run = await mine(runId);
      if (run?.state === 'running') tabs.seen(runId, tabId);
      return run ? liveStatus(run) : null;
    },
    /** The run to re-attach to on a channel page: the newest of this channel (by any URL form), if any. */
    async current(refs: readonly string[]): Promise<BulkStatus | null> {
      const wanted = new Set(refs);
      const runs = await store.all(await core.account());
      const run = runs.find((r) => wanted.has(r.channel) || (r.channelId !== null && wanted.has(r.channelId)));
      return run ? liveStatus(run) : null;
    },
    /** Running runs and those ended in the last minutes, for the popup. */
    async recent(): Promise<BulkStatus[]> {
      const runs = await store.all(await core.account());
      const shown = runs.filter((r) => r.state === 'running' || (r.endedAt ?? 0) > now() - RECENT_MS);
      return Promise.all(shown.map(liveStatus));
    },
    /** Stops buying: batches waiting their turn are withdrawn; what was delivered, and what was sent, is kept. */
    async cancel(runId: string): Promise<BulkStatus | null> {
      const run = await store.update(await core.account(), runId, (r) => cancelRun(r, now()));
      flights.get(runId)?.controller.abort();
      return run ? liveStatus(run) : null;
    },
    /** The stored run itself (selection and failures), for the archive. */
    run: mine,
    /** The parts of the run's file this worker made as its batches arrived (run-file.ts). */
    parts: (runId: string, format: BulkOutput) => files.parts(runId, format),
    /**
     * The run's file was saved by the run's own panel (`tabId`: the tab that asked): its deliveries no longer need
     * pinning. Any other tab may have the file, but its word does not unpin what the person has not saved.
     */
    async fileSaved(runId: string, tabId: number | null): Promise<void> {
      const account = await core.account();
      const before = await store.get(account, runId);
      if (!before || before.tabId === null || before.tabId !== tabId) return;
      const run = await store.update(account, runId, (r) => markFileSaved(r, now()));
      files.drop(runId);
      const still = new Set(pinnedOf(await store.all(account)));
      core.unpin((run?.selection ?? []).filter((id) => !still.has(id)));
    },
    /** Worker start, browser start, the backstop alarm: every running run of this account carries on. */
    async resume(): Promise<void> {
      await repin();
      const account = await core.account();
      const running = (await store.all(account)).filter((r) => r.state === 'running');
      for (const run of running) void drive(account, run.runId);
      if (running.length === 0) await syncAlarm();
    },
    isBackstop: (name: string) => name === BACKSTOP_ALARM,
    /** Told each run this worker drove to its end (not a cancelled or stopped one), as it ends. */
    onEnded(listener: (run: BulkRun) => void): () => void {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
  };
}

export type Bulk = ReturnType<typeof createBulk>;
