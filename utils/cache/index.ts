// Per-video cache in the extension origin's IndexedDB (out of content scripts' reach). Transcripts live under a
// byte budget with least-recently-used eviction; paid analyses and answers are kept (never evicted, never
// cleared with the cache), because buying them again costs AI Units.
// Keys: transcript `videoId:languageCode`, analysis `account:videoId`, answers `account:jobId`.

import { t } from '../i18n/catalogue';
import { cacheBudgetBytes, DEFAULT_SETTINGS } from '../settings';
import { DEFAULT_DB_NAME, openCacheDb } from './db';
import { Budget } from './lru';
import { cacheReads } from './reads';
import type { Cache, CacheEntry, CacheOptions } from './types';
import { cacheWrites } from './writes';

export { type CacheKind, DB_VERSION, writesEnded } from './db';
export { KEPT_KINDS, TOUCH_INTERVAL_MS } from './lru';
export { type Packed, packedParts } from './packed';
export { jsonByteLength } from './size';
export type { Cache, CacheEntry, CacheOptions, CacheUsage, ListedEntry, PutItem, Written } from './types';

export const DEFAULT_BUDGET_BYTES = cacheBudgetBytes(DEFAULT_SETTINGS.cacheBudgetMb);

/** True when the entry exists and was stored less than ttlMs ago. TTLs are the callers' policy. */
export function isFresh(
  entry: Pick<CacheEntry<unknown>, 'storedAt'> | null | undefined,
  ttlMs: number,
  now = Date.now(),
): boolean {
  return entry != null && now - entry.storedAt < ttlMs;
}

export async function openCache(options: CacheOptions = {}): Promise<Cache> {
  const now = options.now ?? Date.now;
  const budget = new Budget(options.budgetBytes ?? DEFAULT_BUDGET_BYTES, options.pinned ?? (() => false));
  const factory = options.indexedDB ?? globalThis.indexedDB;
  if (!factory) throw new Error(t('background.error.noStorage'));
  const db = await openCacheDb(factory, options.dbName ?? DEFAULT_DB_NAME);
  return {
    ...cacheReads(db, now, budget),
    ...cacheWrites(db, now, budget),
    close() {
      db.close();
    },
  };
}
