import { storage } from 'wxt/utils/storage';
import { BulkRun } from './bulk-run';
import { createSerial } from './serial';

/** Ended runs kept per account (their files can be saved again); running ones are always kept. */
const KEPT_ENDED = 10;

/**
 * Each run under its own key, so a step writes one run, not every run of the account; an index says which
 * runs an account has.
 */
const indexItem = storage.defineItem<Record<string, string[]>>('local:bulkRunIndex', { fallback: {}, version: 1 });
const runKey = (runId: string) => `local:bulkRun:${runId}` as const;

// Writes are read-modify-write: one at a time.
const serial = createSerial();

async function read(account: string, runId: string): Promise<BulkRun | null> {
  const parsed = BulkRun.safeParse(await storage.getItem(runKey(runId)));
  return parsed.success && parsed.data.account === account ? parsed.data : null;
}

async function book(account: string): Promise<BulkRun[]> {
  if (!account) return [];
  const ids = (await indexItem.getValue())?.[account] ?? [];
  const runs = await Promise.all(ids.map((id) => read(account, id)));
  return runs.filter((r): r is BulkRun => r !== null).sort((a, b) => b.startedAt - a.startedAt);
}

/** Bulk runs per account in storage.local, so a stopped worker or a restarted browser carries a run on. */
export const bulkStore = {
  /** Newest first. */
  all: book,
  async get(account: string, runId: string): Promise<BulkRun | null> {
    return account ? read(account, runId) : null;
  },
  /** Stores a new run; ended runs beyond the kept number are forgotten, oldest first. */
  add(run: BulkRun): Promise<void> {
    return serial(async () => {
      const runs = [run, ...(await book(run.account))];
      const forgotten = runs.filter((r) => r.state !== 'running').slice(KEPT_ENDED);
      await storage.setItem(runKey(run.runId), run);
      for (const r of forgotten) await storage.removeItem(runKey(r.runId));
      const index = (await indexItem.getValue()) ?? {};
      const kept = runs.filter((r) => !forgotten.includes(r)).map((r) => r.runId);
      await indexItem.setValue({ ...index, [run.account]: kept });
    });
  },
  /** Applies one step to the stored run (null when it is gone); concurrent steps never overwrite each other. */
  update(account: string, runId: string, step: (run: BulkRun) => BulkRun): Promise<BulkRun | null> {
    return serial(async () => {
      const current = await read(account, runId);
      if (!current) return null;
      const next = step(current);
      if (next !== current) await storage.setItem(runKey(runId), next);
      return next;
    });
  },
};
export type BulkStore = typeof bulkStore;
