import { storage } from 'wxt/utils/storage';
import { BulkRun } from './bulk-run';
import { createSerial } from './serial';

/** Runs kept per account: every running one, and the newest ended ones (their archives can be saved again). */
const KEPT = 20;

type Books = Record<string, Record<string, unknown>>;
const runsItem = storage.defineItem<Books>('local:bulkRunsByAccount', { fallback: {}, version: 1 });

// Writes are read-modify-write on one item: one at a time.
const serial = createSerial();

function parse(value: unknown): BulkRun | null {
  const parsed = BulkRun.safeParse(value);
  return parsed.success ? parsed.data : null;
}

async function book(account: string): Promise<BulkRun[]> {
  if (!account) return [];
  return Object.values((await runsItem.getValue())?.[account] ?? {}).flatMap((v) => parse(v) ?? []);
}

/** Bulk runs per account in storage.local, so a stopped worker or a restarted browser carries a run on. */
export const bulkStore = {
  /** Newest first. */
  async all(account: string): Promise<BulkRun[]> {
    return (await book(account)).sort((a, b) => b.startedAt - a.startedAt);
  },
  async get(account: string, runId: string): Promise<BulkRun | null> {
    if (!account) return null;
    return parse((await runsItem.getValue())?.[account]?.[runId]);
  },
  /** Stores a new run; the oldest ended runs beyond the kept number are forgotten. */
  add(run: BulkRun): Promise<void> {
    return serial(async () => {
      const all = (await runsItem.getValue()) ?? {};
      const runs = [run, ...(await book(run.account))].sort((a, b) => b.startedAt - a.startedAt);
      const ended = runs.filter((r) => r.state !== 'running').slice(KEPT);
      const kept = runs.filter((r) => !ended.includes(r));
      await runsItem.setValue({ ...all, [run.account]: Object.fromEntries(kept.map((r) => [r.runId, r])) });
    });
  },
  /** Applies one step to the stored run (null when it is gone); concurrent steps never overwrite each other. */
  update(account: string, runId: string, step: (run: BulkRun) => BulkRun): Promise<BulkRun | null> {
    return serial(async () => {
      const all = (await runsItem.getValue()) ?? {};
      const current = parse(all[account]?.[runId]);
      if (!current) return null;
      const next = step(current);
      if (next !== current) await runsItem.setValue({ ...all, [account]: { ...all[account], [runId]: next } });
      return next;
    });
  },
};
export type BulkStore = typeof bulkStore;
