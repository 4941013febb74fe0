// What the cache offers its callers (index.ts builds it: reads.ts and writes.ts).
import type { CacheKind } from './db';

export type CacheUsage = {
  /** Bytes of everything held. */
  bytes: number;
  entries: number;
  budgetBytes: number;
  /** What the budget governs: saved transcripts (1 Cloud Request each to load again if evicted or cleared). */
  transcripts: { entries: number; bytes: number };
  /** Paid analyses and answers, kept outside the budget. */
  kept: { entries: number; bytes: number };
};

export interface CacheEntry<T> {
  value: T;
  storedAt: number;
  lastUsed: number;
  bytes: number;
}

export type ListedEntry = { kind: CacheKind; key: string; bytes: number };

/**
 * One entry of an all-or-nothing write: its value, made from what the key holds at that moment (read in the same
 * transaction, undefined when nothing), or undefined to leave the entry as it is. What was bought meanwhile is
 * then seen, never written over.
 */
export type PutItem = { kind: CacheKind; key: string; from: (held: unknown) => unknown };

/** An entry an all-or-nothing write wrote, with the value it held before (undefined when none). */
export type Written = { kind: CacheKind; key: string; previous: unknown };

export interface CacheOptions {
  dbName?: string;
  /** default 50 MB */
  budgetBytes?: number;
  now?: () => number;
  /** default: the global indexedDB */
  indexedDB?: IDBFactory;
  /**
   * Entries eviction must leave alone for now (a bulk run's deliveries until its file is saved). Called inside
   * the write transaction, so it must answer at once from memory.
   */
  pinned?: (kind: CacheKind, key: string) => boolean;
}

export interface Cache {
  /** The entry or null; marks it used. */
  get<T>(kind: CacheKind, key: string): Promise<CacheEntry<T> | null>;
  /** The entry or null, without marking it used (the library reads everything; that is not a use). */
  peek<T>(kind: CacheKind, key: string): Promise<CacheEntry<T> | null>;
  /**
   * As `peek`, several entries, each value as stored (a transcript's cues still packed: ./packed.ts `packedParts`
   * reads them), read in one transaction with every read asked at once (a part of the JSON export).
   */
  peekStored(keys: readonly { kind: CacheKind; key: string }[]): Promise<(CacheEntry<unknown> | null)[]>;
  /** Stores, then evicts least recently used entries (never this one) until within budget. */
  put<T>(kind: CacheKind, key: string, value: T): Promise<void>;
  /** Stores several in one transaction with one eviction pass (never evicting them): a batch of transcripts. */
  putMany(kind: CacheKind, entries: readonly { key: string; value: unknown }[]): Promise<void>;
  delete(kind: CacheKind, key: string): Promise<void>;
  /**
   * The keys of one kind; with `prefix`, only those that start with it, read as a key range (one video's tracks
   * among thousands of saved transcripts, on every watch page) rather than every key of the kind.
   */
  keys(kind: CacheKind, prefix?: string): Promise<string[]>;
  /** Every entry's kind, key and size, read from an index (never the values): what the library lists. */
  list(): Promise<ListedEntry[]>;
  /**
   * A count moved by every write that changes what is held (put, delete, import, eviction, clear), in the
   * write's own transaction and kept on disk: while it stands still, `list()` would answer the same.
   */
  changes(): Promise<number>;
  /**
   * Stores every value in one transaction, all or nothing (an import), each made from what its key holds then.
   * Evicts nothing it just wrote; throws when the transcripts alone would not fit in the budget. Says what it wrote.
   */
  putAll(items: readonly PutItem[]): Promise<Written[]>;
  /** Removes the entries in one transaction. */
  deleteAll(keys: readonly { kind: CacheKind; key: string }[]): Promise<void>;
  usage(): Promise<CacheUsage>;
  /** Evicts at once if the cache is now over the new budget. */
  setBudget(bytes: number): Promise<void>;
  clear(): Promise<void>;
  /** Removes every entry of one kind. */
  clearKind(kind: CacheKind): Promise<void>;
  close(): void;
}
