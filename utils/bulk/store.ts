import { storage } from 'wxt/utils/storage';
import { createSerial } from '../serial';
import { BulkRun } from './run';

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
  /**
   * Stores a new run, first in its account's index. Ended runs beyond the kept number are forgotten by `trim`,
   * when a run ends: reading every run to find them held each start (and its first request) back.
   */
  add(run: BulkRun): Promise<void> {
    return serial(async () => {
      await storage.setItem(runKey(run.runId), run);
      const index = (await indexItem.getValue()) ?? {};
      const ids = (index[run.account] ?? []).filter((id) => id !== run.runId);
      await indexItem.setValue({ ...index, [run.account]: [run.runId, ...ids] });
    });
  },
  /** Forgets the account's ended runs beyond the kept number, oldest first; running ones are always kept. */
  trim(account: string): Promise<void> {
    return serial(async () => {
      const runs = await book(account);
      const forgotten = runs.filter((r) => r.state !== 'running').slice(KEPT_ENDED);
      if (forgotten.length === 0) return;
      for (const r of forgotten) await storage.removeItem(runKey(r.runId));
      const index = (await indexItem.getValue()) ?? {};
      const gone = new Set(forgotten.map((r) => r.runId));
      await indexItem.setValue({ ...index, [account]: (index[account] ?? []).filter((id) => !gone.has(id)) });
    });
  },
  /**
   * Applies one step to the stored run (null when it is gone); concurrent steps never overwrite each other.
   * Steps asked for while a write waits are applied in one read and write, in call order; each resolves, once
   * stored, with the run as its step left it.
   */
  update(account: string, runId: string, step: (run: BulkRun) => BulkRun): Promise<BulkRun | null> {
    const key = `${account}\n${runId}`;
    let group = waiting.get(key);
    if (!group) {
      const made: Group = { steps: [], done: Promise.resolve([]) };
      made.done = serial(async () => {
        waiting.delete(key);
        const current = await read(account, runId);
        if (!current) return made.steps.map(() => null);
        const after: Applied[] = [];
        const last = made.steps.reduce((run, s) => {
          try {
            const next = s(run);
            after.push({ run: next });
            return next;
          } catch (error) {
            // That step fails alone; the others are applied as if it had not been asked for.
            after.push({ error });
            return run;
          }
        }, current);
        if (last !== current) await storage.setItem(runKey(runId), last);
        return after;
      });
      waiting.set(key, made);
      group = made;
    }
    const index = group.steps.push(step) - 1;
    return group.done.then((after) => {
      const applied = after[index];
      if (applied && 'error' in applied) throw applied.error;
      return applied?.run ?? null;
    });
  },
};

/**
 * Steps waiting for their run's next write, by account and run: a bulk run's first wave records five starts at
 * once, and a read and write each, in series (each a round trip to the browser), held the fifth request's
 * leaving by as many.
 */
type Applied = { run: BulkRun } | { error: unknown };
type Group = { steps: ((run: BulkRun) => BulkRun)[]; done: Promise<(Applied | null)[]> };
const waiting = new Map<string, Group>();
export type BulkStore = typeof bulkStore;
