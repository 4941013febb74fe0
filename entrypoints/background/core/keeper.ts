import type { Cache, CacheEntry, CacheKind } from '../../../utils/cache';
import { t } from '../../../utils/i18n/catalogue';

/** Said wherever a paid result is shown but could not be stored. */
export const storageProblem = () => t('background.error.storageProblem');

const RETRY_MS = 5_000;
const MAX_RETRIES = 5;

/** The part of the cache the keeper uses. */
export type KeptStore = Pick<Cache, 'get' | 'put' | 'putMany' | 'keys'>;

type Unsaved = { kind: CacheKind; key: string; value: unknown; at: number; tries: number };

/**
 * Writes what the service delivered without ever losing it: a failed write keeps the value in memory
 * (reads see it), retries it, and reports `false` so the UI can say it is a storage problem, not a service one.
 */
export function createKeeper(cache: () => Promise<KeptStore>, retryMs = RETRY_MS) {
  const unsaved = new Map<string, Unsaved>();
  const listeners = new Set<(kind: CacheKind, key: string) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const id = (kind: CacheKind, key: string) => `${kind}\u0000${key}`;

  async function write(kind: CacheKind, key: string, value: unknown): Promise<boolean> {
    try {
      await (await cache()).put(kind, key, value);
      unsaved.delete(id(kind, key));
      for (const listener of listeners) listener(kind, key);
      return true;
    } catch {
      return false;
    }
  }

  function retryLater(): void {
    if (timer !== null || unsaved.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void (async () => {
        for (const entry of [...unsaved.values()]) {
          entry.tries++;
          if (!(await write(entry.kind, entry.key, entry.value)) && entry.tries >= MAX_RETRIES) continue;
        }
        if ([...unsaved.values()].some((e) => e.tries < MAX_RETRIES)) retryLater();
      })();
    }, retryMs);
  }

  /** Stores the value; `false` when it is only held in memory for now. Never throws. */
  async function put(kind: CacheKind, key: string, value: unknown): Promise<boolean> {
    if (await write(kind, key, value)) return true;
    unsaved.set(id(kind, key), { kind, key, value, at: Date.now(), tries: 0 });
    retryLater();
    return false;
  }

  return {
    put,
    /** Stores several at once (one transaction); `false` when they are only held in memory for now. */
    async putMany(kind: CacheKind, entries: readonly { key: string; value: unknown }[]): Promise<boolean> {
      try {
        await (await cache()).putMany(kind, entries);
        for (const e of entries) unsaved.delete(id(kind, e.key));
        return true;
      } catch {
        // One by one, so each that cannot be written is held and retried on its own.
        const written = await Promise.all(entries.map((e) => put(kind, e.key, e.value)));
        return written.every(Boolean);
      }
    },
    /** The stored entry, or the unsaved one held in memory; null when neither (or storage cannot be read). */
    async get<T>(kind: CacheKind, key: string): Promise<CacheEntry<T> | null> {
      const held = unsaved.get(id(kind, key));
      if (held) return { value: held.value as T, storedAt: held.at, lastUsed: held.at, bytes: 0 };
      try {
        return await (await cache()).get<T>(kind, key);
      } catch {
        return null;
      }
    },
    /** The keys of one kind, stored or held; with `prefix`, only those that start with it. */
    async keys(kind: CacheKind, prefix = ''): Promise<string[]> {
      const ours = (key: string) => key.startsWith(prefix);
      const held = [...unsaved.values()].filter((e) => e.kind === kind && ours(e.key)).map((e) => e.key);
      const stored = await (await cache()).keys(kind, prefix || undefined).catch(() => [] as string[]);
      return [...new Set([...held, ...stored.filter(ours)])];
    },
    unsavedCount: () => unsaved.size,
    /** Hears every value stored (the library keeps its list and search index up to date from it). */
    onStored(listener: (kind: CacheKind, key: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Keeper = ReturnType<typeof createKeeper>;
