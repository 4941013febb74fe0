import type { CacheKind } from '../../../utils/cache';
import { jobStore } from '../../../utils/jobs/store';
import type { Core } from '../core/core';
import type { CatalogSync } from './catalog-sync';
import { readHoldings } from './holdings';

/**
 * Removes the videos from the library: their transcripts (every track and its fallback), analysis, answers and
 * job record. Returns how many of them the library held.
 */
export async function removeVideos(
  core: Pick<Core, 'cache'>,
  catalog: CatalogSync,
  videoIds: readonly string[],
): Promise<number> {
  const { account } = await catalog.sync(true);
  const cache = await core.cache();
  const holdings = await readHoldings(cache, account);
  // `fallback:<videoId>:<lang>`: a set, not a scan of the ids per key (a whole library is 10,000 of each).
  const named = new Set(videoIds);
  const fallbacks = (await cache.keys('meta', 'fallback:')).filter((k) => k[20] === ':' && named.has(k.slice(9, 20)));
  const keys: { kind: CacheKind; key: string }[] = fallbacks.map((key) => ({ kind: 'meta', key }));
  let removed = 0;
  for (const videoId of videoIds) {
    const h = holdings.get(videoId);
    if (!h) continue;
    removed++;
    for (const e of [...h.transcripts, h.analysis, h.answers]) if (e) keys.push({ kind: e.kind, key: e.key });
  }
  await cache.deleteAll(keys);
  // Without its record the panel offers the analysis again with its price, instead of fetching it for free
  // behind the person's back: what was removed stays removed.
  await jobStore.removeMany(
    account,
    videoIds.filter((videoId) => holdings.get(videoId)?.job),
  );
  catalog.markChanged();
  await catalog.sync(true);
  return removed;
}
