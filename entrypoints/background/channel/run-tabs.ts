/**
 * Which tabs follow which bulk run, learned from their panels' status reads (every 700 ms while it runs), so
 * the run's end is pushed to exactly those tabs: finding YouTube tabs by URL would need the "tabs"
 * permission. Memory only: a restarted worker learns them again from the next read.
 */
export function createRunTabs() {
  const byRun = new Map<string, Set<number>>();
  return {
    seen(runId: string, tabId: number | undefined): void {
      if (tabId === undefined) return;
      const tabs = byRun.get(runId) ?? new Set<number>();
      tabs.add(tabId);
      byRun.set(runId, tabs);
    },
    /** The tabs to tell of the run's end; they are forgotten with it. */
    take(runId: string): number[] {
      const tabs = [...(byRun.get(runId) ?? [])];
      byRun.delete(runId);
      return tabs;
    },
  };
}

export type RunTabs = ReturnType<typeof createRunTabs>;
