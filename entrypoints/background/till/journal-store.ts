import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { t } from '../../../utils/i18n/catalogue';
import { createSerial } from '../../../utils/serial';
import { JournalEntry, type Outcome } from '../../../utils/till/journal';
import { CHUNK, type Chunked, chunkedKeys, rechunk } from './journal-chunks';

/** Entries kept per account; the oldest settled ones go first (open and unknown ones are always kept). */
const KEPT = 2_000;

const restarted = () => t('background.till.restarted');

/**
 * One account's journal is kept in chunks of a few entries (journal-chunks.ts): a change writes the chunks it
 * touched and a small index, not the whole history. As one list, a paid request's intent and outcome each read
 * and wrote every entry: with 2,000 bulk entries (3.7 MB) a change took 1.6 s in Chromium's storage.local, 0.1 s
 * with 100. The index's `rev` tells whether the entries this worker holds in memory are still what is stored.
 */
const Index = z.object({
  rev: z.number().int(),
  first: z.number().int().nonnegative(),
  sizes: z.array(z.number().int().nonnegative()),
});
type Index = z.infer<typeof Index>;
const indexKey = (account: string) => `local:journal-index:${account}` as const;

// Every write is read-modify-write of one account's chunks: one at a time.
const serial = createSerial();
/** What this worker read or wrote last, by account: used while the stored index has the same rev. */
const held = new Map<string, { rev: number; journal: Chunked }>();

function parsed(raw: unknown): JournalEntry[] {
  if (!Array.isArray(raw)) return [];
  // An entry that no longer parses is dropped rather than failing the whole history.
  return raw.flatMap((e) => {
    const result = JournalEntry.safeParse(e);
    return result.success ? [result.data] : [];
  });
}

async function load(account: string): Promise<{ index: Index | null; journal: Chunked }> {
  // Only this store writes the index; one that does not parse is read as none (chunk 0 alone) rather than throw.
  const index = Index.safeParse(await storage.getItem(indexKey(account))).data ?? null;
  const known = held.get(account);
  if (index && known?.rev === index.rev) return { index, journal: known.journal };
  // No index yet: a journal written as one list before chunks (chunk 0 holds it) or none at all.
  const first = index?.first ?? 0;
  const count = index?.sizes.length ?? 1;
  const keys = chunkedKeys(account, first, count);
  const values = await storage.getItems(keys);
  const journal: Chunked = { first, chunks: values.map((v) => parsed(v.value)) };
  if (index) held.set(account, { rev: index.rev, journal });
  return { index, journal };
}

function trim(entries: JournalEntry[]): JournalEntry[] {
  const extra = entries.length - KEPT;
  if (extra <= 0) return entries;
  const droppable = new Set(
    entries
      .filter((e) => e.outcome !== null && e.outcome.state !== 'unknown')
      .slice(0, extra)
      .map((e) => e.id),
  );
  return entries.filter((e) => !droppable.has(e.id));
}

type Step = (entries: JournalEntry[]) => JournalEntry[];

/**
 * The changes waiting for the write on its way: the next write makes them all, in call order, and each resolves
 * once it is stored. A bulk run's first wave opens five intents at once; one read and write each, in series
 * (each a round trip to the browser), held the fifth request ~300 ms after its turn on a busy machine.
 */
let waiting: { account: string; steps: Step[]; done: Promise<void> } | null = null;

function change(account: string, step: Step): Promise<void> {
  if (waiting?.account === account) {
    waiting.steps.push(step);
    return waiting.done;
  }
  const next = { account, steps: [step], done: Promise.resolve() };
  waiting = next;
  next.done = serial(async () => {
    if (waiting === next) waiting = null;
    const { index, journal } = await load(account);
    const entries = trim(next.steps.reduce((all, s) => s(all), journal.chunks.flat()));
    // A journal written as one list is split into chunks by its first change (one large write, then small ones).
    const legacy = index === null && (journal.chunks[0]?.length ?? 0) > CHUNK;
    const { journal: after, write, gone } = rechunk(account, legacy ? { first: 0, chunks: [] } : journal, entries);
    const rev = (index?.rev ?? 0) + 1;
    const stored: Index = { rev, first: after.first, sizes: after.chunks.map((c) => c.length) };
    held.delete(account);
    await storage.setItems([...write, { key: indexKey(account), value: stored }]);
    if (gone.length > 0) await storage.removeItems(gone);
    held.set(account, { rev, journal: after });
  });
  return next.done;
}

/** The journal of paid requests in storage.local, per account (utils/till/journal.ts for its shapes). */
export const journalStore = {
  /** Oldest first. */
  list: (account: string) =>
    account ? serial(async () => (await load(account)).journal.chunks.flat()) : Promise.resolve([]),
  /** Writes the intent; resolves once it is stored, so the request is sent only after. */
  open: (entry: JournalEntry) => change(entry.account, (entries) => [...entries, entry]),
  settle: (account: string, id: string, outcome: Outcome, after: JournalEntry['after']) =>
    change(account, (entries) => entries.map((e) => (e.id === id ? { ...e, outcome, after } : e))),
  /** Marks open unknown entries the predicate picks as settled by the person (or by a later delivery). */
  resolve: (account: string, pick: (e: JournalEntry) => boolean, at = Date.now()) =>
    change(account, (entries) =>
      entries.map((e) =>
        e.outcome?.state === 'unknown' && e.resolvedAt === null && pick(e) ? { ...e, resolvedAt: at } : e,
      ),
    ),
  /**
   * A worker that starts finds intents a stopped worker left without an outcome: each is unknown, because
   * the request may have reached the service.
   */
  recover: (account: string, before: number) =>
    change(account, (entries) =>
      entries.map((e) =>
        e.outcome === null && e.at < before
          ? {
              ...e,
              outcome: {
                state: 'unknown' as const,
                at: before,
                delivered: [],
                free: [],
                charged: { cloudRequests: e.price.cloudRequests, aiUnits: e.price.aiUnits },
                code: 'interrupted',
                message: restarted(),
              },
            }
          : e,
      ),
    ),
};

export type JournalStore = typeof journalStore;
