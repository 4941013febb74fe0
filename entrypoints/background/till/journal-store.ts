import { storage } from 'wxt/utils/storage';
import { t } from '../../../utils/i18n/catalogue';
import { createSerial } from '../../../utils/serial';
import { JournalEntry, type Outcome } from '../../../utils/till/journal';

/** Entries kept per account; the oldest settled ones go first (open and unknown ones are always kept). */
const KEPT = 2_000;

const restarted = () => t('background.till.restarted');

const key = (account: string) => `local:journal:${account}` as const;

// Every write is read-modify-write of one account's list: one at a time.
const serial = createSerial();

async function read(account: string): Promise<JournalEntry[]> {
  const raw = await storage.getItem<unknown[]>(key(account));
  if (!Array.isArray(raw)) return [];
  // An entry that no longer parses is dropped rather than failing the whole history.
  return raw.flatMap((e) => {
    const parsed = JournalEntry.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
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
    const entries = await read(account);
    await storage.setItem(key(account), trim(next.steps.reduce((all, s) => s(all), entries)));
  });
  return next.done;
}

/** The journal of paid requests in storage.local, per account (utils/till/journal.ts for its shapes). */
export const journalStore = {
  /** Oldest first. */
  list: (account: string) => (account ? serial(() => read(account)) : Promise.resolve([])),
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
