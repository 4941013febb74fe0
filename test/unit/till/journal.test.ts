import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { journalStore } from '../../../entrypoints/background/till/journal-store';
import { createRecorder } from '../../../entrypoints/background/till/record';
import { ServiceError } from '../../../utils/api/errors';
import { type JournalEntry, unknownTranscripts } from '../../../utils/till/journal';

const intent = (ids: string[]) =>
  ({
    account: 'acct',
    kind: 'transcript',
    path: 'bulk',
    subject: { ids, lang: 'en' },
    price: { cloudRequests: ids.length, aiUnits: 0, aiUnitsUpTo: 0 },
  }) as const;

const record = createRecorder(journalStore, Date.now, async () => undefined);
const settleAll = (ids: string[]) => () => ({
  delivered: ids,
  free: [],
  chargedCloudRequests: ids.length,
  chargedAiUnits: 0,
});

describe('the journal: an intent before sending, its outcome after', () => {
  beforeEach(() => fakeBrowser.reset());

  it('the intent is stored before the request goes, then settled as delivered with its charge', async () => {
    let seenBefore: JournalEntry[] = [];
    await record(
      intent(['a', 'b']),
      async () => {
        seenBefore = await journalStore.list('acct');
        return 'answer';
      },
      () => ({ delivered: ['a'], free: ['b'], chargedCloudRequests: 1, chargedAiUnits: 0 }),
    );
    expect(seenBefore.map((e) => e.outcome)).toEqual([null]);
    const [entry] = await journalStore.list('acct');
    expect(entry?.outcome).toMatchObject({
      state: 'delivered',
      delivered: ['a'],
      free: ['b'],
      charged: { cloudRequests: 1 },
    });
  });

  it('a refusal is free; a timeout is unknown, may have charged the price, and is thrown as such', async () => {
    await expect(
      record(
        intent(['a']),
        () => Promise.reject(new ServiceError(402, 'insufficient_cloud_requests', 'no')),
        settleAll(['a']),
      ),
    ).rejects.toMatchObject({ status: 402 });
    await expect(
      record(intent(['b', 'c']), () => Promise.reject(new ServiceError(0, 'timeout', 'slow')), settleAll(['b'])),
    ).rejects.toMatchObject({ details: { mayHaveCharged: true } });
    const [refused, unknown] = await journalStore.list('acct');
    expect(refused?.outcome).toMatchObject({ state: 'refused', charged: { cloudRequests: 0 } });
    expect(unknown?.outcome).toMatchObject({ state: 'unknown', code: 'timeout', charged: { cloudRequests: 2 } });
    expect(unknownTranscripts(await journalStore.list('acct'))).toEqual(new Set(['b', 'c']));
  });

  it('after a restart, an intent without an outcome is unknown; one the new worker wrote is not touched', async () => {
    const started = Date.now();
    await journalStore.open({
      id: 'old',
      ...intent(['x']),
      at: started - 1_000,
      before: { cloudRequests: 5, aiUnits: null },
      after: null,
      outcome: null,
      resolvedAt: null,
    });
    await journalStore.open({
      id: 'new',
      ...intent(['y']),
      at: started + 1,
      before: { cloudRequests: 5, aiUnits: null },
      after: null,
      outcome: null,
      resolvedAt: null,
    });
    await journalStore.recover('acct', started);
    const [old, fresh] = await journalStore.list('acct');
    expect(old?.outcome).toMatchObject({ state: 'unknown', code: 'interrupted' });
    expect(fresh?.outcome).toBeNull();
  });

  it('a video delivered later is no longer among the unknown ones', async () => {
    await expect(
      record(intent(['p', 'q']), () => Promise.reject(new ServiceError(200, 'bad_response', '?')), settleAll([])),
    ).rejects.toBeInstanceOf(ServiceError);
    await record(intent(['p']), async () => 'ok', settleAll(['p']));
    expect(unknownTranscripts(await journalStore.list('acct'))).toEqual(new Set(['q']));
  });
});

describe("an answer's work beside its outcome's journaling (record's `alongside`)", () => {
  beforeEach(() => fakeBrowser.reset());

  /** The journal with its settling held until `open()`: what runs meanwhile did not wait for it. */
  function heldJournal() {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const store: typeof journalStore = {
      ...journalStore,
      settle: async (...args) => {
        await gate;
        return journalStore.settle(...args);
      },
    };
    return { store, open: () => open() };
  }

  it('starts before the outcome is written, and the request is done only when both are', async () => {
    const journal = heldJournal();
    const held = createRecorder(journal.store, Date.now, async () => undefined);
    let kept = false;
    let done = false;
    const bought = held(
      intent(['a']),
      async () => 'answer',
      settleAll(['a']),
      async (answer) => {
        expect(answer).toBe('answer');
        kept = true;
      },
    ).then(() => (done = true));
    // The journal has not settled (its gate is shut), yet the answer's work ran.
    await expect.poll(() => kept).toBe(true);
    expect(done).toBe(false);
    expect((await journalStore.list('acct'))[0]?.outcome).toBeNull();
    journal.open();
    await bought;
    expect((await journalStore.list('acct'))[0]?.outcome).toMatchObject({ state: 'delivered', delivered: ['a'] });
  });

  it("a failed work is thrown once the outcome is written; the journal's own failure comes first", async () => {
    const keepFailed = new Error('the cache refused');
    await expect(
      record(
        intent(['b']),
        async () => 'ok',
        settleAll(['b']),
        () => Promise.reject(keepFailed),
      ),
    ).rejects.toBe(keepFailed);
    expect((await journalStore.list('acct'))[0]?.outcome).toMatchObject({ state: 'delivered', delivered: ['b'] });
    const journalFailed = new Error('storage full');
    const broken: typeof journalStore = { ...journalStore, settle: () => Promise.reject(journalFailed) };
    const failing = createRecorder(broken, Date.now, async () => undefined);
    let kept = false;
    await expect(
      failing(
        intent(['c']),
        async () => 'ok',
        settleAll(['c']),
        async () => {
          kept = true;
          throw keepFailed;
        },
      ),
    ).rejects.toBe(journalFailed);
    // What was delivered is still kept: a stopped worker's open entry then finds it saved.
    expect(kept).toBe(true);
  });
});

describe('the journal written once for changes made together', () => {
  beforeEach(() => fakeBrowser.reset());

  it('intents opened at once are each stored before their open resolves, in one write', async () => {
    const writes: number[] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => {
      const list = changes['journal:acct']?.newValue;
      if (Array.isArray(list)) writes.push(list.length);
    });
    const entry = (id: string): JournalEntry => ({
      id,
      ...intent([id]),
      at: 1,
      before: { cloudRequests: null, aiUnits: null },
      after: null,
      outcome: null,
      resolvedAt: null,
    });
    const stored: number[] = [];
    const opens = ['a', 'b', 'c', 'd', 'e'].map((id) =>
      journalStore.open(entry(id)).then(async () => {
        const ids = (await journalStore.list('acct')).map((e) => e.id);
        stored.push(ids.includes(id) ? 1 : 0);
      }),
    );
    await Promise.all(opens);
    expect(stored).toEqual([1, 1, 1, 1, 1]);
    // One read and write for the five (each its own, in series, before: [1, 2, 3, 4, 5]).
    expect(writes).toEqual([5]);
    expect((await journalStore.list('acct')).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
