import type { SpendingCsvRow } from '../../e2e/support/spending';
import type { Charge } from '../../service/state';

type Sums = { cloud: number; ai: number };
/** The columns of the spending CSV this reads. */
export type ChargedRow = Pick<
  SpendingCsvRow,
  | 'kind'
  | 'outcome'
  | 'chargedCloudRequests'
  | 'chargedAiUnits'
  | 'mayHaveChargedCloudRequests'
  | 'mayHaveChargedAiUnits'
>;

/**
 * How far the history misstates what the service took, in units, per currency: what it books as charged beyond the
 * ledger, plus what the ledger took that the history neither booked nor named as possibly charged (an unknown
 * outcome's possible charge is in its own columns). 0 means every unit charged is booked or named, and nothing is
 * booked that was not taken. The note says where the history's figures came from, by kind and outcome.
 */
export function historyLessLedger(
  rows: readonly ChargedRow[],
  charges: readonly Charge[],
): { over: number; note: string } {
  const booked: Sums = { cloud: 0, ai: 0 };
  const possible: Sums = { cloud: 0, ai: 0 };
  const byOutcome = new Map<string, Sums>();
  for (const row of rows) {
    const cloud = Number(row.chargedCloudRequests || 0);
    const ai = Number(row.chargedAiUnits || 0);
    possible.cloud += Number(row.mayHaveChargedCloudRequests || 0);
    possible.ai += Number(row.mayHaveChargedAiUnits || 0);
    booked.cloud += cloud;
    booked.ai += ai;
    const key = `${row.kind}/${row.outcome}`;
    const seen = byOutcome.get(key) ?? { cloud: 0, ai: 0 };
    byOutcome.set(key, { cloud: seen.cloud + cloud, ai: seen.ai + ai });
  }
  const charged: Sums = {
    cloud: charges.filter((c) => c.kind === 'cloud').reduce((n, c) => n + c.amount, 0),
    ai: charges.filter((c) => c.kind === 'ai').reduce((n, c) => n + c.amount, 0),
  };
  const misstated = (c: keyof Sums) =>
    Math.max(0, booked[c] - charged[c]) + Math.max(0, charged[c] - booked[c] - possible[c]);
  const over = misstated('cloud') + misstated('ai');
  const parts = [...byOutcome].map(([key, sum]) => `${key} ${sum.cloud}+${sum.ai}`);
  const note =
    `history ${booked.cloud} Cloud Requests + ${booked.ai} AI Units over ${rows.length} rows (${parts.join(', ')}); ` +
    `ledger ${charged.cloud} + ${charged.ai}; may have been charged ${possible.cloud} + ${possible.ai}`;
  return { over, note };
}
