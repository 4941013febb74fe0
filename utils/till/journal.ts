import { z } from 'zod';

/**
 * The till's journal: one entry per paid request, written before it is sent (the intent) and completed after
 * its answer (the outcome). An intent without an outcome after a restart, a timeout, a dropped connection or
 * an unreadable 2xx is `unknown`: the service may have charged it, so no path sends it again by itself.
 * These shapes are shared by the background (which writes) and the spending history page (which reads).
 */

export const SpendKind = z.enum(['transcript', 'listing', 'search', 'range', 'analysis', 'ask']);
export type SpendKind = z.infer<typeof SpendKind>;

/** Where the purchase came from: the panel, automatic loading, a bulk run, the menu, the consent window. */
export const SpendPath = z.enum(['panel', 'auto', 'bulk', 'menu', 'window', 'search', 'retry']);
export type SpendPath = z.infer<typeof SpendPath>;

export const Amount = z.object({ cloudRequests: z.number(), aiUnits: z.number() });
export type Amount = z.infer<typeof Amount>;

/** The price shown for this request: what it costs, and the most audio transcription may add on top. */
export const Price = Amount.extend({ aiUnitsUpTo: z.number().nonnegative().default(0) });
export type Price = z.infer<typeof Price>;

export const Subject = z.object({
  /** Videos bought (or searched, or analysed, or asked about). */
  ids: z.array(z.string()).max(500),
  lang: z.string().optional(),
  channel: z.string().optional(),
  query: z.string().max(2_000).optional(),
  range: z.object({ from: z.number().nullable(), to: z.number().nullable() }).optional(),
  mode: z.string().optional(),
  partial: z.boolean().optional(),
  jobId: z.number().optional(),
  question: z.string().max(2_000).optional(),
  /** The bulk run a batch belongs to: a run resumed after a restart finds its unknown batches by it. */
  runId: z.string().optional(),
});
export type Subject = z.infer<typeof Subject>;

export const Balances = z.object({ cloudRequests: z.number().nullable(), aiUnits: z.number().nullable() });
export type Balances = z.infer<typeof Balances>;

export const OutcomeState = z.enum(['delivered', 'refused', 'unknown']);
export type OutcomeState = z.infer<typeof OutcomeState>;

export const Outcome = z.object({
  state: OutcomeState,
  at: z.number(),
  /** Items delivered, and so charged (videos, or the one channel / analysis / answer). */
  delivered: z.array(z.string()),
  /** Items that failed for free (the spec's per-item failures). */
  free: z.array(z.string()),
  /** What the spec says this outcome charged (for unknown: what it may have charged). */
  charged: Amount,
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type Outcome = z.infer<typeof Outcome>;

export const JournalEntry = z.object({
  id: z.string(),
  account: z.string(),
  kind: SpendKind,
  path: SpendPath,
  subject: Subject,
  price: Price,
  at: z.number(),
  /** Balances known when the request was sent, and those the service reported with its answer. */
  before: Balances,
  after: Balances.nullable(),
  outcome: Outcome.nullable(),
  /** An unknown outcome the person has since settled (bought again, or the item arrived another way). */
  resolvedAt: z.number().nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export const isOpenUnknown = (e: JournalEntry) => e.outcome?.state === 'unknown' && e.resolvedAt === null;

/**
 * Videos whose transcript may have been charged without reaching us, and that no later purchase delivered:
 * no automatic path buys them again.
 */
export function unknownTranscripts(entries: readonly JournalEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const e of [...entries].sort((a, b) => a.at - b.at)) {
    if (e.kind !== 'transcript') continue;
    if (isOpenUnknown(e)) for (const id of e.subject.ids) ids.add(id);
    for (const id of e.outcome?.delivered ?? []) ids.delete(id);
  }
  return ids;
}

/** What the journal expects the service charged, summed over settled entries. */
export function expectedCharges(entries: readonly JournalEntry[]): Amount {
  const sum = { cloudRequests: 0, aiUnits: 0 };
  for (const e of entries) {
    if (e.outcome?.state !== 'delivered') continue;
    sum.cloudRequests += e.outcome.charged.cloudRequests;
    sum.aiUnits += e.outcome.charged.aiUnits;
  }
  return sum;
}

export type Reconciliation = {
  /** What the balances the service reported fell by, from the first known "before" to the last known "after". */
  reported: { cloudRequests: number | null; aiUnits: number | null };
  /** What the journal expects charged over that same span (over every entry when the fall is unknown). */
  expected: Amount;
  /** Entries whose outcome is unknown: each may explain part of a difference. */
  unknown: number;
  differs: { cloudRequests: boolean; aiUnits: boolean };
};

type Currency = keyof Amount;

/**
 * One currency's comparison over the entries between the first known "before" and the last known "after" (an
 * answer that reported no balances, like an MCP call's, or a first purchase made before any balance was known,
 * lies outside what the reported fall covers, so its charge is not expected of it). Without such a span the
 * fall is unknown and every delivered charge is expected.
 */
function side(ordered: readonly JournalEntry[], c: Currency): { reported: number | null; expected: number } {
  const start = ordered.findIndex((e) => e.before[c] !== null);
  const end = ordered.findLastIndex((e) => (e.after?.[c] ?? null) !== null);
  const first = ordered[start]?.before[c] ?? null;
  const last = ordered[end]?.after?.[c] ?? null;
  const known = start >= 0 && end >= start && first !== null && last !== null;
  const span = known ? ordered.slice(start, end + 1) : ordered;
  return { reported: known ? first - last : null, expected: expectedCharges(span)[c] };
}

/**
 * Compares the fall of each balance the service reported over the history with the charges the journal
 * expects over the same span. Entries are taken oldest first; a top-up or a new month in between shows as a
 * difference too, which is why it is flagged for the person to read, never acted on.
 */
export function reconcile(entries: readonly JournalEntry[]): Reconciliation {
  const ordered = [...entries].sort((a, b) => a.at - b.at);
  const cloud = side(ordered, 'cloudRequests');
  const ai = side(ordered, 'aiUnits');
  const reported = { cloudRequests: cloud.reported, aiUnits: ai.reported };
  const expected = { cloudRequests: cloud.expected, aiUnits: ai.expected };
  const unknown = ordered.filter((e) => e.outcome?.state === 'unknown').length;
  return {
    reported,
    expected,
    unknown,
    differs: {
      cloudRequests: reported.cloudRequests !== null && reported.cloudRequests !== expected.cloudRequests,
      aiUnits: reported.aiUnits !== null && reported.aiUnits !== expected.aiUnits,
    },
  };
}
