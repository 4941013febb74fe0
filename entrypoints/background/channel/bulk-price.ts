import { BYTES_PER_MB } from '../../../utils/bounds';
import type { CacheUsage } from '../../../utils/cache';
import { t } from '../../../utils/i18n/catalogue';
import { transcriptPrice, transcriptPriceText } from '../../../utils/till/price';
import { freshAccount } from '../account/account';
import type { Core } from '../core/core';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'cache' | 'inflight' | 'mcp' | 'setPlan'> & { till: Till };

/** A transcript's size when too few are saved to learn the average from (a 30–40 minute talk). */
const TYPICAL_TRANSCRIPT_BYTES = 100 * 1024;
const mb = (bytes: number) => Math.max(1, Math.round(bytes / BYTES_PER_MB));

/**
 * What to say when buying `count` transcripts will not fit in the cache beside what it holds (null when it
 * fits, or when nothing is bought: a cache over its budget until the next write is no reason to warn).
 */
export function sizeNoteFor(count: number, usage: CacheUsage): string | null {
  if (count <= 0) return null;
  const average =
    usage.transcripts.entries >= 5 ? usage.transcripts.bytes / usage.transcripts.entries : TYPICAL_TRANSCRIPT_BYTES;
  const expected = count * average;
  if (usage.transcripts.bytes + expected <= usage.budgetBytes) return null;
  return t('background.bulk.sizeNote', { expected: mb(expected), budget: mb(usage.budgetBytes) });
}

/**
 * The price of buying these videos' transcripts: Cloud Requests, the worst case of audio transcription in AI
 * Units (a listing carries no length, so the assumed length per video is named), how many of them an earlier
 * request may already have charged, and whether they fit in the cache beside what it holds.
 */
export async function bulkPrice(core: CoreNeeds, toBuy: readonly string[]) {
  // Read together (Spend's check of the price comes before a run's first request).
  const [account, unknown, usage] = await Promise.all([
    freshAccount(core),
    core.till.unknownTranscripts(),
    core.cache().then((cache) => cache.usage()),
  ]);
  const input = { count: toBuy.length, plan: account.plan, aiBalance: account.aiUnits, aiTopUp: account.aiTopUp };
  return {
    price: transcriptPrice(input),
    priceText: transcriptPriceText(input, true),
    balance: account.cloudRequests,
    mayHaveBeenCharged: toBuy.filter((id) => unknown.has(id)).length,
    sizeNote: sizeNoteFor(toBuy.length, usage),
  };
}
