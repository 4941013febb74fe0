import { createAnalysisPurchase } from './analysis';
import { createClaims } from './claims';
import type { TillCore, TillParts } from './context';
import { createJournalReads } from './journal-reads';
import { type JournalStore, journalStore } from './journal-store';
import { createListingPurchase } from './listings';
import { createRangePurchase } from './range';
import { createRecorder } from './record';
import { createSearchPurchase } from './search';
import { createTranscriptPurchase } from './transcripts';

export type TillDeps = {
  journal?: JournalStore;
  now?: () => number;
  /** Learns the balances again when not fresh (the composition root's free MCP `account` call); none: kept as seen. */
  freshBalances?: () => Promise<void>;
};

/**
 * The till: every request that can cost anything goes through here (test/unit/till-only.test.ts keeps it so).
 * It journals the intent before sending and the outcome after (./record.ts), holds what is being bought
 * account-wide so no two paths buy the same thing at once (./claims.ts), and tells every path which videos
 * may have been charged without reaching us, so none buys them again by itself.
 */
export function createTill(core: TillCore, deps: TillDeps = {}) {
  const journal = deps.journal ?? journalStore;
  const now = deps.now ?? Date.now;
  const claims = createClaims();
  const startedAt = now();
  const recovered = new Map<string, Promise<void>>();
  const ready = (account: string): Promise<void> => {
    let done = recovered.get(account);
    if (!done) {
      // Intents this worker did not write and never settled: a stopped worker's, so unknown.
      done = journal.recover(account, startedAt).catch(() => undefined);
      recovered.set(account, done);
    }
    return done;
  };
  const record = createRecorder(journal, now, ready);
  const mcpParts = { account: core.account, mcp: core.mcp, tools: core.tools, claims, record };
  const search = createSearchPurchase(mcpParts);
  const range = createRangePurchase(mcpParts);
  const freshBalances = deps.freshBalances ?? (async () => undefined);
  const parts: TillParts = { core, claims, record, journal, ready, freshBalances };
  return {
    ...createTranscriptPurchase(parts),
    ...createListingPurchase(parts),
    ...createAnalysisPurchase(parts),
    /** One MCP search_transcript call over at most 25 videos, held per video and search (./search.ts). */
    buySearch: search.buy,
    /** How many videos one search call may carry, or why the server's schema cannot say this search (free). */
    searchPlan: search.plan,
    /** Resolves when no purchase holds these videos for this search. */
    searchSettled: search.settled,
    /** One MCP get_transcript call for a part of one video, held per video and part (./range.ts). */
    buyRange: range.buy,
    /** Why the server's schema cannot say this part, or null (free). */
    rangeRefusal: range.refusal,
    /** Resolves when no purchase holds this part. */
    rangeSettled: range.settled,
    ...createJournalReads(parts),
  };
}

export type Till = ReturnType<typeof createTill>;
