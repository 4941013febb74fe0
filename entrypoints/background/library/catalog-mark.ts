import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { type Cache, writesEnded } from '../../../utils/cache';
import { type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { LibraryStore } from './store';

/**
 * Where the kept catalog stands against what it is derived from: the cache's change count, the account and its
 * job records when it was last brought in step, and how many records it wrote. A new worker whose cache,
 * account and jobs still read the same, and whose catalog still holds that many records, lists from the
 * catalog without reading the cache's every key; anything else reads the cache again.
 */
export const CatalogMark = z.object({
  account: z.string(),
  changes: z.number(),
  jobs: z.string(),
  records: z.number().int().nonnegative(),
});
export type CatalogMark = z.infer<typeof CatalogMark>;

const MARK_KEY = 'libraryCatalogMark';
const markItem = storage.defineItem<unknown>(`local:${MARK_KEY}`, { fallback: null });

/** The mark last written, or null (none, or unreadable: the catalog is then checked against the cache). */
export async function readMark(): Promise<CatalogMark | null> {
  const parsed = CatalogMark.safeParse(await markItem.getValue().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** Written after the catalog's records: a worker stopped between the two finds the older mark and reads again. */
export function writeMark(mark: CatalogMark): Promise<void> {
  return markItem.setValue(mark);
}

/** 53 bits of hash (cyrb53): the jobs' fingerprint is kept small however many jobs there are. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The fingerprint of what the list shows of the account's jobs (what a video's signature and row read of
 * them): it changes when a job starts, ends, changes mode or is removed, not at each poll.
 */
export function jobsKey(jobs: readonly JobRecord[]): string {
  const lines = jobs.map((j) =>
    [j.videoId, j.jobId, j.mode, j.partial, j.status, j.title ?? '', j.endedAt ?? '', j.source ?? ''].join('\u0001'),
  );
  return `${jobs.length}:${hash(lines.sort().join('\n'))}`;
}

/**
 * What this worker has seen move of what a probe reads, in memory: the cache's writes and the job records' it
 * ended (it is their only writer) and the storage changes it heard (the token, a page clearing data; the
 * catalog's own mark aside). While it reads the same as at a probe, the probe would read the same: nothing to read.
 */
export function createMoves() {
  let heard = 0;
  browser.storage.onChanged.addListener((changes) => {
    if (Object.keys(changes).some((key) => key !== MARK_KEY)) heard++;
  });
  return { now: (): string => `${writesEnded()}:${jobStore.writesEnded()}:${heard}` };
}

/** What a sync reads first, before the cache's keys: whether they need reading at all. `moves`: taken before. */
export type Probe = { account: string; changes: number; jobs: JobRecord[]; jobsKey: string; moves: string };

export async function probe(account: string, held: Pick<Cache, 'changes'>, moves: string): Promise<Probe> {
  // Read before the keys: a write landing after this count is seen by the next sync, never lost.
  const [changes, jobs] = await Promise.all([held.changes(), jobStore.all(account)]);
  return { account, changes, jobs, jobsKey: jobsKey(jobs), moves };
}

/** The mark of a catalog of `records` records brought in step as the probe found things. */
export const markOf = (p: Probe, records: number): CatalogMark => ({
  account: p.account,
  changes: p.changes,
  jobs: p.jobsKey,
  records,
});

/**
 * The kept catalog's records, and whether they stand as they are (`records`, when its mark says nothing moved
 * since and it holds as many records as the mark says) or must be checked against the cache (null).
 */
export async function keptCatalog(store: Pick<LibraryStore, 'catalog'>, p: Probe) {
  const [mark, stored] = await Promise.all([readMark(), store.catalog()]);
  const still = mark?.account === p.account && mark.changes === p.changes && mark.jobs === p.jobsKey;
  const records = still && mark.records === stored.length ? new Map(stored.map((r) => [r.videoId, r])) : null;
  return { records, stored };
}
