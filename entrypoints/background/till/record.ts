import type { Balances, JournalEntry, Price, SpendKind, SpendPath, Subject } from '../../../utils/till/journal';
import { errorOutcome, mayHaveCharged } from '../../../utils/till/outcome';
import { priceSentence } from '../../../utils/till/price';
import { accountStore } from '../core/account-store';
import type { JournalStore } from './journal-store';

export type Intent = { account: string; kind: SpendKind; path: SpendPath; subject: Subject; price: Price };

/** What an answer delivered (charged) and what failed for free, by item. */
export type Settled = { delivered: string[]; free: string[]; chargedCloudRequests: number; chargedAiUnits: number };

async function balances(): Promise<Balances> {
  const a = await accountStore.settled();
  return { cloudRequests: a.cloudRequests, aiUnits: a.aiUnits };
}

/** The balances the answer reported (every REST answer carries them), or null when it reported none. */
async function reportedSince(sentAt: number): Promise<Balances | null> {
  // Settled: the answer's balances are written without waiting, and may still be on their way to storage.
  const a = await accountStore.settled();
  return (a.balancesAt ?? 0) >= sentAt ? { cloudRequests: a.cloudRequests, aiUnits: a.aiUnits } : null;
}

const retryText = (price: Price) => priceSentence(price);

/**
 * Journals one paid request around its sending: the intent is stored before the request goes, the outcome
 * after its answer. An outcome that cannot be known (timeout, dropped connection, unreadable 2xx, a 5xx
 * after sending) is thrown as an error saying it may have been charged (details.mayHaveCharged).
 */
export function createRecorder(journal: JournalStore, now: () => number, ready: (account: string) => Promise<void>) {
  return async function record<T>(
    intent: Intent,
    send: () => Promise<T>,
    /** `before`: the balances known when it was sent, beside which the answer's own tell what it took. */
    settle: (result: T, before: Balances) => Settled,
    /**
     * Work on a readable answer done while its outcome is journaled, not after (a bulk run's last answer waited
     * ~20–80 ms for the journal before its transcripts were saved). A worker stopped in between leaves either
     * an open entry whose videos are found saved, or a settled one, as the order before did.
     */
    alongside?: (result: T) => Promise<void>,
  ): Promise<T> {
    await ready(intent.account);
    const entry: JournalEntry = {
      id: crypto.randomUUID(),
      ...intent,
      at: now(),
      before: await balances(),
      after: null,
      outcome: null,
      resolvedAt: null,
    };
    await journal.open(entry);
    const sentAt = Date.now();
    let result: T;
    try {
      result = await send();
    } catch (error) {
      const o = errorOutcome(error, intent.kind);
      const unknown = o.state === 'unknown';
      const charged = unknown
        ? { cloudRequests: intent.price.cloudRequests, aiUnits: intent.price.aiUnits }
        : { cloudRequests: 0, aiUnits: 0 };
      const outcome = { state: o.state, at: now(), delivered: [], free: [], charged, code: o.code, message: o.message };
      await journal.settle(intent.account, entry.id, outcome, await reportedSince(sentAt));
      throw unknown ? mayHaveCharged(error, intent.kind, retryText(intent.price)) : error;
    }
    const s = settle(result, entry.before);
    const outcome = {
      state: s.delivered.length > 0 ? ('delivered' as const) : ('refused' as const),
      at: now(),
      delivered: s.delivered,
      free: s.free,
      charged: { cloudRequests: s.chargedCloudRequests, aiUnits: s.chargedAiUnits },
      code: null,
      message: null,
    };
    const journaled = (async () => journal.settle(intent.account, entry.id, outcome, await reportedSince(sentAt)))();
    const [written, done] = await Promise.allSettled([journaled, alongside?.(result)]);
    // The journal's failure first, as when the work came after it.
    if (written.status === 'rejected') throw written.reason;
    if (done.status === 'rejected') throw done.reason;
    return result;
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
