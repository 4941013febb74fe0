import { type Core, createCore } from '../../../entrypoints/background/core/core';
import { createLibrary } from '../../../entrypoints/background/library/library';
import type { Cache } from '../../../utils/cache';

/** A worker's core and library over the profile's databases, the cache's `list()` (every key) counted. */
export function countedLibrary() {
  const core = createCore();
  const count = { lists: 0 };
  const counted = async (): Promise<Cache> => {
    const cache = await core.cache();
    return {
      ...cache,
      list: () => {
        count.lists++;
        return cache.list();
      },
    };
  };
  const library = createLibrary({ ...core, cache: counted } satisfies Pick<Core, 'account' | 'cache' | 'keeper'>);
  return { core, library, count };
}
