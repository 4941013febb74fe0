import { browser } from 'wxt/browser';
import { type BulkRun, cancelRun, markFileSaved, type NewRun, newRun, pinnedOf } from '../../../utils/bulk/run';
import { type BulkStore, bulkStore } from '../../../utils/bulk/store';
import type { BulkOutput, BulkStatus } from '../../../utils/channel/replies';
import type { BroadcastMessage } from '../../../utils/protocol/broadcasts';
import type { Core } from '../core/core';
import type { Till } from '../till';
import { createRunAlarms } from './bulk-alarms';
import type { Flight } from './bulk-batch';
import { driveRun, newDrive } from './bulk-drive';
import { announceEnd } from './bulk-end';
import { createRunStatus } from './bulk-status';
import { createRunFiles } from './run-file';
import { createRunTabs } from './run-tabs';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan' | 'unpin'> & { till: Till };

export { BATCH } from '../../../utils/bulk/run';
export { savedAmong, uncachedOf } from './bulk-saved';

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
 * Bulk transcript runs, persisted (utils/bulk-store.ts) and driven from the record (bulk-drive.ts): batches of at
 * most 50 through the scheduler at background priority (the panel's requests go first, and the scheduler keeps
 * every rate limit). The first batch goes alone (a 402 or a refused token is learned from one request), unless the
 * Cloud Request balance read lately covers the run (bulk-probe.ts); then up to five wait their turn or are on
 * their way. A worker that takes a run over finds the earlier worker's requests in its scheduler's windows
 * (core/rate-log.ts), so it keeps to the limits too. Before each request, ids whose
 * transcript is saved are dropped: what was delivered before a restart is never bought again.
 */
export function createBulk(core: CoreNeeds, deps: BulkDeps = {}) {
  const store = deps.store ?? bulkStore;
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const tellTab =
    deps.tellTab ?? ((tabId: number, message: BroadcastMessage) => browser.tabs.sendMessage(tabId, message));
  const flights = new Map<string, Flight>();
  const files = createRunFiles();
  const tabs = createRunTabs();
  const endListeners = new Set<(run: BulkRun) => void>();
  const alarms = createRunAlarms({
    keepAlive: deps.keepAlive ?? (() => browser.runtime.getPlatformInfo()),
    anyRunning: async () => (await store.all(await core.account())).some((r) => r.state === 'running'),
  });

  const statuses = createRunStatus({ core, store, now, flights, tabs });
  const { liveStatus } = statuses;

  /** Drives one run (bulk-drive.ts) unless this worker drives it already; then tells its end and tidies up. */
  async function drive(account: string, runId: string, started?: BulkRun): Promise<void> {
    if (flights.has(runId)) return;
    const d = newDrive(account, runId, started);
    flights.set(runId, d.flight);
    alarms.beat(flights.size);
    try {
      await driveRun({ core, store, now, wait, files }, d, started);
    } finally {
      flights.delete(runId);
      alarms.beat(flights.size);
      // Before the tabs are told: the file is being put together while they hear the end and ask for it.
      if (d.ended) for (const listener of endListeners) listener(d.ended);
      await announceEnd({ store, tabs, tellTab }, account, runId, d.ended).catch(() => undefined);
      // The oldest ended runs are let go now that this one has ended (not at a start, where it held the run back).
      await store.trim(account).catch(() => undefined);
      await alarms.sync();
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
      core.pin(run.selection);
      await store.add(run);
      void drive(account, run.runId, run);
      await alarms.sync(true);
      return liveStatus(run);
    },
    status: statuses.status,
    current: statuses.current,
    recent: statuses.recent,
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
    /** Those parts' ZIP entries from the `from`-th on, for the page to hold (run-file.ts). */
    pieces: (runId: string, format: BulkOutput, from: number) => files.pieces(runId, format, from),
    making: (runId: string, format: BulkOutput) => files.making(runId, format),
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
      // Deliveries of runs whose file is not saved yet stay in the cache, whatever its budget.
      core.pin(pinnedOf(await store.all(await core.account())));
      const account = await core.account();
      const running = (await store.all(account)).filter((r) => r.state === 'running');
      for (const run of running) void drive(account, run.runId);
      if (running.length === 0) await alarms.sync();
    },
    isBackstop: alarms.isBackstop,
    /** Told each run this worker drove to its end (not a cancelled or stopped one), as it ends. */
    onEnded(listener: (run: BulkRun) => void): () => void {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
  };
}

export type Bulk = ReturnType<typeof createBulk>;
