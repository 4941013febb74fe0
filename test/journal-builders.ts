import type { JournalEntry, Outcome } from '../utils/till/journal';

/**
 * Journal entries as the till writes them, for the spending history's tests: a transcript delivered for 1 Cloud
 * Request by default, each test shaping the fields it is about (see utils/till/journal.ts).
 */
export const AT = Date.UTC(2026, 10, 23, 10, 0, 0);

export function outcomeOf(over: Partial<Outcome> = {}): Outcome {
  return {
    state: 'delivered',
    at: AT + 1_000,
    delivered: ['tvaHuman001'],
    free: [],
    charged: { cloudRequests: 1, aiUnits: 0 },
    code: null,
    message: null,
    ...over,
  };
}

export function entryOf(over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 'e1',
    account: 'acct',
    kind: 'transcript',
    path: 'panel',
    subject: { ids: ['tvaHuman001'], lang: 'en' },
    price: { cloudRequests: 1, aiUnits: 0, aiUnitsUpTo: 33 },
    at: AT,
    before: { cloudRequests: 100, aiUnits: 500 },
    after: { cloudRequests: 99, aiUnits: 500 },
    outcome: outcomeOf(),
    resolvedAt: null,
    ...over,
  };
}

/** One entry of each outcome and kind, oldest first: what a varied account's journal holds. */
export function variedJournal(): JournalEntry[] {
  return [
    entryOf({ id: 'delivered' }),
    entryOf({
      id: 'refused',
      at: AT + 60_000,
      subject: { ids: ['tvaDisable1'], lang: 'en' },
      before: { cloudRequests: 99, aiUnits: 500 },
      after: { cloudRequests: 99, aiUnits: 500 },
      outcome: outcomeOf({
        state: 'refused',
        delivered: [],
        free: ['tvaDisable1'],
        charged: { cloudRequests: 0, aiUnits: 0 },
      }),
    }),
    entryOf({
      id: 'unknown',
      kind: 'ask',
      at: AT + 120_000,
      subject: { ids: ['tvaHuman001'], jobId: 4, question: '=HYPERLINK("x") what about latency?' },
      price: { cloudRequests: 0, aiUnits: 1, aiUnitsUpTo: 0 },
      before: { cloudRequests: 99, aiUnits: 500 },
      after: null,
      outcome: outcomeOf({
        state: 'unknown',
        delivered: [],
        charged: { cloudRequests: 0, aiUnits: 1 },
        code: 'timeout',
        message: 'The service took too long to answer.',
      }),
    }),
    entryOf({
      id: 'analysis',
      kind: 'analysis',
      path: 'menu',
      at: AT + 180_000,
      subject: { ids: ['tvaHuman001'], mode: 'smart', partial: false },
      price: { cloudRequests: 0, aiUnits: 33, aiUnitsUpTo: 0 },
      before: { cloudRequests: 99, aiUnits: 499 },
      after: { cloudRequests: 99, aiUnits: 466 },
      outcome: outcomeOf({ delivered: ['12'], charged: { cloudRequests: 0, aiUnits: 33 } }),
    }),
  ];
}
