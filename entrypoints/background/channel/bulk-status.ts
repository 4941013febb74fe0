import { type BulkRun, etaSeconds, statusOf } from '../../../utils/bulk/run';
import type { BulkStore } from '../../../utils/bulk/store';
import type { BulkStatus } from '../../../utils/channel/replies';
import { laneLimits } from '../../../utils/scheduler/floor';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Flight } from './bulk-batch';
import type { RunTabs } from './run-tabs';

/** Ended runs stay in the popup this long. */
const RECENT_MS = 10 * 60 * 1000;

type Deps = {
  core: Pick<Core, 'account'>;
  store: BulkStore;
  now: () => number;
  /** The runs this worker drives: their batches on their way count in the status. */
  flights: ReadonlyMap<string, Flight>;
  tabs: RunTabs;
};

/** The runs as the panels and the popup read them, with what this worker knows of their batches on their way. */
export function createRunStatus({ core, store, now, flights, tabs }: Deps) {
  async function liveStatus(run: BulkRun): Promise<BulkStatus> {
    const sent = flights.get(run.runId)?.sent.size ?? 0;
    const limits = laneLimits('rest', (await accountStore.get()).plan ?? 'free');
    return statusOf(run, etaSeconds(run, limits, sent, now()), sent);
  }
  return {
    liveStatus,
    /** `tabId`: the tab whose panel reads it, told of the run's end while it runs. */
    async status(runId: string, tabId?: number): Promise<BulkStatus | null> {
      const run = await store.get(await core.account(), runId);
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
  };
}
