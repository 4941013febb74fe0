import { browser } from 'wxt/browser';
import type { BulkRun } from '../../../utils/bulk/run';
import type { BulkStore } from '../../../utils/bulk/store';
import type { BroadcastMessage } from '../../../utils/protocol/broadcasts';
import type { RunTabs } from './run-tabs';

type Deps = {
  store: BulkStore;
  tabs: RunTabs;
  tellTab: (tabId: number, message: BroadcastMessage) => Promise<unknown>;
};

/** The tabs that follow an ended run hear it at once (their panels' poll is only the fallback). */
export async function announceEnd(deps: Deps, account: string, runId: string, known: BulkRun | null): Promise<void> {
  const run = known ?? (await deps.store.get(account, runId));
  if (!run || run.state === 'running') return;
  const message: BroadcastMessage = { type: 'bulk.ended', runId };
  // Through async functions: a browser without the API may throw at once instead of rejecting.
  const tell = async (tabId: number) => deps.tellTab(tabId, message);
  const tellPages = async () => browser.runtime.sendMessage(message);
  // A closed tab, or one whose panel moved on, needs no telling; nor does a page that is not open.
  await Promise.all([
    ...deps.tabs.take(runId).map((tabId) => tell(tabId).catch(() => undefined)),
    tellPages().catch(() => undefined),
  ]);
}
