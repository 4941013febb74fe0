import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeeper, type KeptStore } from '../../entrypoints/background/core/keeper';
import type { CacheEntry, CacheKind } from '../../utils/cache';

function flakyCache(failing: { writes: boolean }) {
  const map = new Map<string, unknown>();
  const cache: KeptStore = {
    async put(kind, key, value) {
      if (failing.writes) throw new DOMException('quota', 'QuotaExceededError');
      map.set(`${kind}:${key}`, value);
    },
    async putMany(kind, entries) {
      if (failing.writes) throw new DOMException('quota', 'QuotaExceededError');
      for (const e of entries) map.set(`${kind}:${e.key}`, e.value);
    },
    async get<T>(kind: CacheKind, key: string): Promise<CacheEntry<T> | null> {
      if (!map.has(`${kind}:${key}`)) return null;
      // The fake holds what put stored; the keeper reads back its own type.
      return { value: map.get(`${kind}:${key}`) as T, storedAt: 1, lastUsed: 1, bytes: 1 };
    },
    async keys(kind) {
      return [...map.keys()].filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
    },
  };
  return { cache, map };
}

describe('keeper: paid results are never lost to a failing write', () => {
  afterEach(() => vi.useRealTimers());

  it('holds what failed to store, serves it, and stores it on a later retry', async () => {
    vi.useFakeTimers();
    const failing = { writes: true };
    const { cache, map } = flakyCache(failing);
    const keeper = createKeeper(async () => cache, 1_000);
    expect(await keeper.put('answers', 'acct:7', ['paid'])).toBe(false);
    expect((await keeper.get<string[]>('answers', 'acct:7'))?.value).toEqual(['paid']);
    expect(await keeper.keys('answers')).toEqual(['acct:7']);
    failing.writes = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(map.get('answers:acct:7')).toEqual(['paid']);
    expect(keeper.unsavedCount()).toBe(0);
  });

  it("lists one video's keys by prefix, held ones too", async () => {
    const failing = { writes: false };
    const { cache } = flakyCache(failing);
    const keeper = createKeeper(async () => cache, 1_000);
    await keeper.put('transcript', 'vid00000001:en', 'stored');
    await keeper.put('transcript', 'vid00000002:en', 'other');
    failing.writes = true;
    await keeper.put('transcript', 'vid00000001:de', 'held');
    expect((await keeper.keys('transcript', 'vid00000001:')).sort()).toEqual(['vid00000001:de', 'vid00000001:en']);
    expect(await keeper.keys('transcript')).toHaveLength(3);
  });

  it('never throws when the database cannot even be opened', async () => {
    const keeper = createKeeper(async () => {
      throw new Error('open failed');
    });
    expect(await keeper.put('analysis', 'acct:v', { summary: 'x' })).toBe(false);
    expect((await keeper.get('analysis', 'acct:v'))?.value).toEqual({ summary: 'x' });
  });
});
