import 'fake-indexeddb/auto'; // idb recognises IndexedDB objects by the global classes
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CacheOptions,
  DB_VERSION,
  DEFAULT_BUDGET_BYTES,
  isFresh,
  jsonByteLength,
  openCache,
  TOUCH_INTERVAL_MS,
} from '../../utils/cache';
import { utf8ByteLength } from '../../utils/cache/size';
import { t } from '../../utils/i18n/catalogue';

let factory: IDBFactory;
let clock: number;
const now = () => clock;
const open = (options: CacheOptions = {}) => openCache({ indexedDB: factory, now, ...options });

/** A value whose JSON is exactly `bytes` long: a string of bytes - 2 ASCII characters plus its quotes. */
const sized = (bytes: number, fill = 'x') => fill.repeat(bytes - 2);

async function later(ms = 60_000) {
  clock += ms;
}

beforeEach(() => {
  factory = new IDBFactory();
  clock = 1_700_000_000_000;
});

describe('openCache', () => {
  it('round-trips values per kind and key, with times and size', async () => {
    const cache = await open();
    const transcript = { segments: [{ text: 'héllo', start: 0, duration: 1.5 }], language: 'English' };
    await cache.put('transcript', 'dQw4w9WgXcQ:en', transcript);
    const entry = await cache.get<typeof transcript>('transcript', 'dQw4w9WgXcQ:en');
    expect(entry).toEqual({
      value: transcript,
      storedAt: clock,
      lastUsed: clock,
      bytes: new TextEncoder().encode(JSON.stringify(transcript)).length,
    });
    expect(await cache.get('analysis', 'dQw4w9WgXcQ:en')).toBeNull(); // kinds do not share keys
    expect(await cache.get('transcript', 'missing')).toBeNull();
    cache.close();
  });

  it('replaces the value and storedAt on a second put', async () => {
    const cache = await open();
    await cache.put('analysis', 'vid', { v: 1 });
    await later();
    await cache.put('analysis', 'vid', { v: 2 });
    expect(await cache.get('analysis', 'vid')).toMatchObject({ value: { v: 2 }, storedAt: clock });
    expect(await cache.usage()).toMatchObject({ entries: 1 });
  });

  it('evicts least recently used first, counting reads as use', async () => {
    const cache = await open({ budgetBytes: 300 });
    await cache.put('transcript', 'a:en', sized(100));
    await later();
    await cache.put('transcript', 'b:en', sized(100));
    await later();
    await cache.put('transcript', 'c:en', sized(100));
    await later();
    await cache.get('transcript', 'a:en'); // a is now the most recently used
    await later();
    await cache.put('transcript', 'd:en', sized(100));
    expect(await cache.keys('transcript')).toEqual(['a:en', 'c:en', 'd:en']);
    await later();
    await cache.put('transcript', 'e:en', sized(150));
    expect(await cache.keys('transcript')).toEqual(['d:en', 'e:en']);
  });

  it('never evicts paid listings and findings (meta), nor pinned transcripts', async () => {
    const pinned = new Set(['p:en']);
    const cache = await open({ budgetBytes: 300, pinned: (kind, key) => kind === 'transcript' && pinned.has(key) });
    await cache.put('meta', 'channel:acct:UC1', sized(250));
    await cache.put('transcript', 'p:en', sized(100));
    await later();
    await cache.put('transcript', 'q:en', sized(100));
    await later();
    await cache.put('transcript', 'r:en', sized(150));
    // q, the older unpinned one, made room; the pinned one and the listing stay although over budget.
    expect(await cache.keys('transcript')).toEqual(['p:en', 'r:en']);
    expect(await cache.keys('meta')).toEqual(['channel:acct:UC1']);
    pinned.clear();
    await later();
    await cache.put('transcript', 's:en', sized(100));
    expect(await cache.keys('transcript')).toEqual(['r:en', 's:en']);
  });

  it('putMany stores a batch in one go, evicts the least recently used, never one of the batch', async () => {
    const cache = await open({ budgetBytes: 300 });
    await cache.put('transcript', 'old:en', sized(100));
    await later();
    await cache.put('transcript', 'unread:en', sized(100));
    await later();
    await cache.get('transcript', 'old:en');
    await later();
    await cache.putMany('transcript', [
      { key: 'a:en', value: sized(100) },
      { key: 'b:en', value: sized(100) },
      { key: 'huge:en', value: sized(500) },
    ]);
    // 300 bytes: the batch's two (the one over the whole budget is skipped) and the one read most recently.
    expect((await cache.keys('transcript')).sort()).toEqual(['a:en', 'b:en', 'old:en']);
    expect((await cache.get('transcript', 'a:en'))?.storedAt).toBe(clock);
    // A batch bigger than the budget is kept whole: it was just paid for; older entries make room.
    await later();
    await cache.putMany(
      'transcript',
      [1, 2, 3, 4, 5].map((n) => ({ key: `n${n}:en`, value: sized(100) })),
    );
    expect((await cache.keys('transcript')).sort()).toEqual(['n1:en', 'n2:en', 'n3:en', 'n4:en', 'n5:en']);
  });

  it('after deletes, a write measures what is held before evicting: nothing goes that still fits', async () => {
    const cache = await open({ budgetBytes: 1_000 });
    await cache.putMany('transcript', [
      { key: 'a:en', value: sized(400) },
      { key: 'b:en', value: sized(400) },
    ]);
    await cache.delete('transcript', 'a:en');
    await later();
    // 1,200 bytes were written and 400 deleted: the 800 held fit, so b stays.
    await cache.put('transcript', 'c:en', sized(400));
    expect(await cache.keys('transcript')).toEqual(['b:en', 'c:en']);
    await later();
    // Now 1,200 are held: the least recently used goes, and only it.
    await cache.putMany('transcript', [{ key: 'd:en', value: sized(400) }]);
    expect((await cache.keys('transcript')).sort()).toEqual(['c:en', 'd:en']);
    expect((await cache.usage()).transcripts.bytes).toBe(800);
    // Writes that stay within the budget one by one still end within it, each crossing evicting.
    for (const k of ['e', 'f', 'g']) {
      await later();
      await cache.put('transcript', `${k}:en`, sized(300));
      expect((await cache.usage()).transcripts.bytes).toBeLessThanOrEqual(1_000);
    }
    // e evicted c, f fitted exactly, g evicted d.
    expect((await cache.keys('transcript')).sort()).toEqual(['e:en', 'f:en', 'g:en']);
  });

  it('never evicts paid analyses and answers, and does not count them against the budget', async () => {
    const cache = await open({ budgetBytes: 250 });
    await cache.put('analysis', 'acct:v1', sized(200));
    await later();
    await cache.put('answers', 'acct:7', sized(200));
    await later();
    await cache.put('transcript', 'a:en', sized(200));
    await later();
    await cache.put('analysis', 'acct:v2', sized(1_000)); // bigger than the whole budget: kept all the same
    expect(await cache.keys('analysis')).toEqual(['acct:v1', 'acct:v2']);
    expect(await cache.keys('answers')).toEqual(['acct:7']);
    expect(await cache.keys('transcript')).toEqual(['a:en']);
    const usage = await cache.usage();
    expect(usage.transcripts).toEqual({ entries: 1, bytes: 200 });
    expect(usage.kept).toEqual({ entries: 3, bytes: 1_400 });
    await cache.setBudget(100);
    expect(await cache.keys('transcript')).toEqual([]);
    expect(await cache.keys('analysis')).toHaveLength(2);
  });

  it("reads one video's keys by their prefix, of that kind only", async () => {
    const cache = await open();
    for (const key of ['abc:en', 'abc:de', 'abd:en', 'ab:en']) await cache.put('transcript', key, 'x');
    await cache.put('analysis', 'abc:en', 'y');
    expect(await cache.keys('transcript', 'abc:')).toEqual(['abc:de', 'abc:en']);
    expect(await cache.keys('transcript', 'zzz:')).toEqual([]);
    expect((await cache.keys('transcript')).sort()).toEqual(['ab:en', 'abc:de', 'abc:en', 'abd:en']);
  });

  it('clears one kind and leaves the others', async () => {
    const cache = await open();
    await cache.put('transcript', 'a:en', 'x');
    await cache.put('transcript', 'b:en', 'y');
    await cache.put('answers', 'acct:7', []);
    await cache.clearKind('transcript');
    expect(await cache.keys('transcript')).toEqual([]);
    expect(await cache.keys('answers')).toEqual(['acct:7']);
  });

  it('does not rewrite lastUsed for reads within the touch interval', async () => {
    const cache = await open();
    await cache.put('transcript', 'v:en', 'text');
    const stored = clock;
    clock += TOUCH_INTERVAL_MS - 1;
    expect(await cache.get('transcript', 'v:en')).toMatchObject({ lastUsed: stored });
    clock += 1;
    expect(await cache.get('transcript', 'v:en')).toMatchObject({ lastUsed: clock, storedAt: stored });
    const touched = clock;
    clock += 1; // the touch was written, not just reported: the next read sees it and does not touch again
    expect(await cache.get('transcript', 'v:en')).toMatchObject({ lastUsed: touched });
  });

  it('never evicts the entry just written, even when the clock went back', async () => {
    const cache = await open({ budgetBytes: 150 });
    await cache.put('transcript', 'new', sized(100));
    clock -= 60_000;
    await cache.put('transcript', 'older-clock', sized(100));
    expect(await cache.keys('transcript')).toEqual(['older-clock']);
  });

  it('skips an entry bigger than the whole budget without throwing, and drops its older value', async () => {
    const cache = await open({ budgetBytes: 1_000 });
    await cache.put('transcript', 'keep:en', sized(400));
    await cache.put('transcript', 'huge:en', sized(500));
    await expect(cache.put('transcript', 'huge:en', sized(1_001))).resolves.toBeUndefined();
    expect(await cache.get('transcript', 'huge:en')).toBeNull();
    expect(await cache.usage()).toMatchObject({ bytes: 400, entries: 1, budgetBytes: 1_000 });
  });

  it('stores an entry exactly the size of the budget', async () => {
    const cache = await open({ budgetBytes: 1_000 });
    await cache.put('transcript', 'x:en', sized(200));
    await cache.put('transcript', 'fits:en', sized(1_000));
    expect(await cache.keys('transcript')).toEqual(['fits:en']);
  });

  it('reports usage in JSON UTF-8 bytes', async () => {
    const cache = await open();
    expect(await cache.usage()).toMatchObject({ bytes: 0, entries: 0, budgetBytes: DEFAULT_BUDGET_BYTES });
    await cache.put('transcript', 'a:en', 'é😀'); // "é😀" = 1 + 2 + 4 + 1
    await cache.put('answers', '7', { n: 1 }); // {"n":1}
    expect(await cache.usage()).toMatchObject({ bytes: 8 + 7, entries: 2, budgetBytes: DEFAULT_BUDGET_BYTES });
  });

  it('evicts when the budget is lowered', async () => {
    const cache = await open({ budgetBytes: 1_000 });
    for (const key of ['a', 'b', 'c', 'd']) {
      await cache.put('transcript', key, sized(200));
      await later();
    }
    await cache.setBudget(450);
    expect(await cache.keys('transcript')).toEqual(['c', 'd']);
    expect(await cache.usage()).toMatchObject({ bytes: 400, entries: 2, budgetBytes: 450 });
    await expect(cache.setBudget(-1)).rejects.toBeInstanceOf(RangeError);
  });

  it('stays within budget under concurrent puts', async () => {
    const cache = await open({ budgetBytes: 1_000 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => cache.put('transcript', `v${i}:en`, sized(150))));
    const usage = await cache.usage();
    expect(usage.bytes).toBeLessThanOrEqual(1_000);
    expect(usage.entries).toBe(6);
  });

  it('deletes one entry, lists keys per kind, and clears everything', async () => {
    const cache = await open();
    await cache.put('transcript', 'a:en', 1);
    await cache.put('transcript', 'a:de', 2);
    await cache.put('analysis', 'a', 3);
    await cache.delete('transcript', 'a:en');
    expect((await cache.keys('transcript')).sort()).toEqual(['a:de']);
    expect(await cache.keys('analysis')).toEqual(['a']);
    await cache.clear();
    expect(await cache.usage()).toMatchObject({ bytes: 0, entries: 0 });
    expect(await cache.keys('transcript')).toEqual([]);
  });

  it('keeps data across close and reopen, per database name', async () => {
    const first = await open({ dbName: 'one' });
    await first.put('answers', '99', { answer: 'yes', citations: [{ start: 12 }] });
    first.close();
    const again = await open({ dbName: 'one' });
    expect(await again.get('answers', '99')).toMatchObject({ value: { answer: 'yes', citations: [{ start: 12 }] } });
    const other = await open({ dbName: 'two' });
    expect(await other.get('answers', '99')).toBeNull();
  });

  it('creates the versioned schema: entries keyed by [kind, key] with an LRU index, and the change count', async () => {
    const cache = await open({ dbName: 'schema' });
    cache.close();
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('schema');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect(raw.version).toBe(DB_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['changes', 'entries']);
    const store = raw.transaction('entries').objectStore('entries');
    expect(store.keyPath).toEqual(['kind', 'key']);
    expect([...store.indexNames].sort()).toEqual(['kind', 'lru']);
    expect(store.index('lru').keyPath).toEqual(['lastUsed', 'bytes']);
    raw.close();
  });
});

describe('isFresh', () => {
  it('is true for an entry younger than the TTL and false otherwise', () => {
    const entry = { storedAt: 1_000 };
    expect(isFresh(entry, 500, 1_499)).toBe(true);
    expect(isFresh(entry, 500, 1_500)).toBe(false);
    expect(isFresh(entry, Number.POSITIVE_INFINITY, 1e15)).toBe(true);
    expect(isFresh(null, 500, 1_000)).toBe(false);
  });

  it('defaults to the current time', () => {
    expect(isFresh({ storedAt: Date.now() - 1_000 }, 60_000)).toBe(true);
    expect(isFresh({ storedAt: Date.now() - 120_000 }, 60_000)).toBe(false);
  });
});

describe('jsonByteLength', () => {
  it('matches TextEncoder on JSON with multi-byte characters and lone surrogates', () => {
    for (const value of ['plain', 'ünïcödé', '中文字幕', '🎬🎥', { t: 'a\ud800b' }, ['x', 1, null]]) {
      const json = JSON.stringify(value);
      expect(jsonByteLength(value)).toBe(new TextEncoder().encode(json).length);
    }
    expect(utf8ByteLength('\udc00')).toBe(3);
  });

  it('counts texts longer than its buffer, surrogate pairs and lone surrogates on every boundary', () => {
    for (const shift of [0, 1, 2, 3]) {
      const text = `${'a'.repeat(shift)}${'🎬é中\ud800'.repeat(30_000)}`;
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe('a browser that gives no IndexedDB', () => {
  it('refuses with the catalogue’s sentence, not an English internal one', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const sentence = t('background.error.noStorage');
      expect(sentence).toMatch(/^This browser gives Transcript Lens no storage/);
      await expect(openCache({ now })).rejects.toThrow(sentence);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
