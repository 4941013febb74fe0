import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CHUNK } from '../../../entrypoints/background/till/journal-chunks';
import { journalStore } from '../../../entrypoints/background/till/journal-store';
import type { JournalEntry } from '../../../utils/till/journal';

/**
 * The journal is kept in chunks (till/journal-chunks.ts): a change writes the chunks it touched, not the whole
 * history (as one list, each change of a 2,000-entry journal took 1.6 s in Chromium's storage.local).
 */
const delivered = (id: string) => ({
  state: 'delivered' as const,
  at: 2,
  delivered: [id],
  free: [],
  charged: { cloudRequests: 1, aiUnits: 0 },
  code: null,
  message: null,
});
const entry = (id: string, settled = true): JournalEntry => ({
  id,
  account: 'acct',
  kind: 'transcript',
  path: 'bulk',
  subject: { ids: [id], lang: 'en' },
  price: { cloudRequests: 1, aiUnits: 0, aiUnitsUpTo: 0 },
  at: 1,
  before: { cloudRequests: null, aiUnits: null },
  after: null,
  outcome: settled ? delivered(id) : null,
  resolvedAt: null,
});
const ids = (n: number, prefix = 'e') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** The storage keys each write changes, write by write. */
function watchWrites(): string[][] {
  const writes: string[][] = [];
  fakeBrowser.storage.local.onChanged.addListener((changes) => {
    writes.push(Object.keys(changes).sort());
  });
  return writes;
}

beforeEach(() => fakeBrowser.reset());

describe('the journal in chunks', () => {
  it('a settle writes the chunk its entry is in and the index, nothing else', async () => {
    await Promise.all(ids(2 * CHUNK + 3).map((id) => journalStore.open(entry(id, false))));
    const writes = watchWrites();
    await journalStore.settle('acct', 'e1', delivered('e1'), null);
    expect(writes).toEqual([['journal-index:acct', 'journal:acct']]);
    writes.length = 0;
    await journalStore.settle('acct', `e${2 * CHUNK + 1}`, delivered('x'), null);
    expect(writes).toEqual([['journal-index:acct', 'journal:acct#2']]);
    const list = await journalStore.list('acct');
    expect(list.map((e) => e.id)).toEqual(ids(2 * CHUNK + 3));
    expect(list.filter((e) => e.outcome !== null).map((e) => e.id)).toEqual(['e1', `e${2 * CHUNK + 1}`]);
  });

  it('a journal stored as one list (before chunks) is read as it is and split by its first change', async () => {
    const old = ids(3 * CHUNK + 4, 'old');
    await fakeBrowser.storage.local.set({ 'journal:acct': old.map((id) => entry(id)) });
    expect((await journalStore.list('acct')).map((e) => e.id)).toEqual(old);
    await journalStore.open(entry('new', false));
    const stored = await fakeBrowser.storage.local.get(null);
    expect((stored['journal:acct'] as unknown[]).length).toBe(CHUNK);
    expect(stored['journal-index:acct']).toMatchObject({ first: 0, sizes: [CHUNK, CHUNK, CHUNK, 5] });
    expect((await journalStore.list('acct')).map((e) => e.id)).toEqual([...old, 'new']);
    // From then on a change writes one chunk.
    const writes = watchWrites();
    await journalStore.settle('acct', 'new', delivered('new'), null);
    expect(writes).toEqual([['journal-index:acct', 'journal:acct#3']]);
  });

  it('keeps 2,000 entries: the oldest settled go first, and a chunk emptied at the front is removed', async () => {
    const old = ids(2_000, 'old');
    // Three unknown ones among the oldest are kept whatever the count.
    const unknown = new Set(['old30', 'old31', 'old32']);
    await fakeBrowser.storage.local.set({
      'journal:acct': old.map((id) =>
        unknown.has(id) ? { ...entry(id), outcome: { ...delivered(id), state: 'unknown', delivered: [] } } : entry(id),
      ),
    });
    await journalStore.open(entry('split', false)); // split into chunks; 2,001 entries: old0 goes
    for (const id of ids(30, 'more')) await journalStore.open(entry(id)); // old1 to old29, then old33
    const list = await journalStore.list('acct');
    expect(list).toHaveLength(2_000);
    expect(list.slice(0, 4).map((e) => e.id)).toEqual(['old30', 'old31', 'old32', 'old34']);
    expect(list.at(-1)?.id).toBe('more29');
    const stored = await fakeBrowser.storage.local.get(null);
    const index = stored['journal-index:acct'] as { first: number; sizes: number[] };
    expect(index.sizes.reduce((a, b) => a + b, 0)).toBe(2_000);
    // Chunk 0 (old1 to old25) was emptied and removed; every chunk stored is one the index names.
    expect(index.first).toBe(1);
    expect(stored['journal:acct']).toBeUndefined();
    expect(Object.keys(stored).filter((k) => k.startsWith('journal:'))).toHaveLength(index.sizes.length);
  });

  it('reads storage again when another writer changed it (the index moved on)', async () => {
    await journalStore.open(entry('a', false));
    expect((await journalStore.list('acct')).map((e) => e.id)).toEqual(['a']);
    await fakeBrowser.storage.local.set({
      'journal:acct': [entry('a'), entry('b')],
      'journal-index:acct': { rev: 99, first: 0, sizes: [2] },
    });
    expect((await journalStore.list('acct')).map((e) => e.id)).toEqual(['a', 'b']);
  });
});
