import { describe, expect, it } from 'vitest';
import { type ChargedRow, historyLessLedger } from '../bench/till/history-sums';
import { carefulCost } from '../bench/till/plan';
import type { Charge } from '../service/state';

const row = (kind: string, outcome: string, cloud: string, ai: string, mayHave = ['', '']): ChargedRow => ({
  kind,
  outcome,
  chargedCloudRequests: cloud,
  chargedAiUnits: ai,
  mayHaveChargedCloudRequests: mayHave[0] ?? '',
  mayHaveChargedAiUnits: mayHave[1] ?? '',
});
const charge = (kind: Charge['kind'], amount: number): Charge => ({
  token: 'demo-pro',
  kind,
  amount,
  reason: 'x',
  at: 1,
});

/** spend.history_over_charged: the spending history's charges less the service ledger's, in units. */
describe('history less ledger', () => {
  it('is 0 when the history books what the ledger charged, an analysis answered ready booked at 0', () => {
    const rows = [row('transcript', 'delivered', '1', '0'), row('analysis', 'delivered', '0', '0')];
    expect(historyLessLedger(rows, [charge('cloud', 1)]).over).toBe(0);
  });

  it('counts a charge booked that the service never took; an unknown row only in the note, as it may have cost', () => {
    const rows = [
      row('analysis', 'delivered', '0', '18'),
      row('analysis', 'delivered', '0', '18'),
      row('transcript', 'unknown', '', '', ['1', '0']),
      row('transcript', 'pending', '', ''),
    ];
    const { over, note } = historyLessLedger(rows, [charge('ai', 18)]);
    expect(over).toBe(18);
    expect(note).toContain('analysis/delivered 0+36');
    expect(note).toContain('ledger 0 + 18; may have been charged 1 + 0');
  });

  it('counts what the ledger charged that the history forgot, but not what it named as possibly charged', () => {
    expect(historyLessLedger([], [charge('cloud', 1), charge('ai', 3)]).over).toBe(4);
    const named = [row('transcript', 'unknown', '', '', ['1', '0']), row('ask', 'unknown', '', '', ['0', '3'])];
    expect(historyLessLedger(named, [charge('cloud', 1), charge('ai', 3)]).over).toBe(0);
    // A possible charge names only its own currency: Cloud Requests named do not explain AI Units taken.
    expect(historyLessLedger([named[0] ?? row('x', 'x', '', '')], [charge('cloud', 1), charge('ai', 3)]).over).toBe(3);
  });
});

describe('the careful person’s minimum for analysis starts without a new job', () => {
  const price = { cloud: 0, ai: 24 };
  it('pays nothing for a start answered ready at once, and the price once when the same job is returned', () => {
    expect(carefulCost(price, 'analyzed before', false)).toEqual({ cloud: 0, ai: 0 });
    expect(carefulCost(price, 'same job returned', false)).toEqual(price);
  });
});
