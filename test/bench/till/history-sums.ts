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
 * The history's charges (every row's charged columns, as a spreadsheet sums them; an unknown outcome's possible
 * charge is in its own columns and not counted) less the ledger's, in units; the note adds where the history's came
 * from, by kind and outcome, and what the unknown ones may have cost.
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
  const over = booked.cloud + booked.ai - (charged.cloud + charged.ai);
  const parts = [...byOutcome].map(([key, sum]) => `${key} ${sum.cloud}+${sum.ai}`);
  const note =
    `history ${booked.cloud} Cloud Requests + ${booked.ai} AI Units over ${rows.length} rows (${parts.join(', ')}); ` +
    `ledger ${charged.cloud} + ${charged.ai}; may have been charged ${possible.cloud} + ${possible.ai}`;
  return { over, note };
}
