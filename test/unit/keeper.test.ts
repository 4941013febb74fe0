import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeeper } from '../../entrypoints/background/keeper';
import type { Cache } from '../../utils/cache';

function flakyCache(failing: { writes: boolean }) {
  const map = new Map<string, unknown>();
  const cache = {
    put: vi.fn(async (kind: string, key: string, value: unknown) => {
      if (failing.writes) throw new DOMException('quota', 'QuotaExceededError');
      map.set(`${kind}:${key}`, value);
    }),
    get: vi.fn(async (kind: string, key: string) => {
      const value = map.get(`${kind}:${key}`);
      return value === undefined ? null : { value, storedAt: 1, lastUsed: 1, bytes: 1 };
    }),
    keys: vi.fn(async () => [...map.keys()].map((k) => k.split(':').slice(1).join(':'))),
  };
  return { cache: cache as unknown as Cache, map };
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

  it('never throws when the database cannot even be opened', async () => {
    const keeper = createKeeper(async () => {
      throw new Error('open failed');
    });
    expect(await keeper.put('analysis', 'acct:v', { summary: 'x' })).toBe(false);
    expect((await keeper.get('analysis', 'acct:v'))?.value).toEqual({ summary: 'x' });
  });
});
