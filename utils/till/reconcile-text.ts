import type { Reconciliation } from './journal';

export type Currency = 'cloudRequests' | 'aiUnits';

export type ReconcileLine = { currency: Currency; text: string; differs: boolean };

const NAMES: Record<Currency, { one: string; many: string }> = {
  cloudRequests: { one: 'Cloud Request', many: 'Cloud Requests' },
  aiUnits: { one: 'AI Unit', many: 'AI Units' },
};

const n = (v: number) => v.toLocaleString('en-US');

/** Besides a top-up or a new month, what else moves a balance without the journal knowing the amount. */
const ALSO: Record<Currency, string> = {
  cloudRequests: 'purchases made outside this browser (another browser, an AI assistant on the MCP endpoint)',
  aiUnits:
    'audio transcription of videos without captions (not reported per video) and purchases made outside this browser (another browser, an AI assistant on the MCP endpoint)',
};

/**
 * The reconciliation in sentences, one per currency: the fall of the balance the service reported against the
 * charges the journal expects. A difference is flagged, never acted on: a top-up or a new month shows as one too.
 */
export function reconciliationLines(r: Reconciliation): ReconcileLine[] {
  return (['cloudRequests', 'aiUnits'] as const).map((currency) => {
    const { many } = NAMES[currency];
    const expected = r.expected[currency];
    const reported = r.reported[currency];
    const expects = `the journal expects ${n(expected)} charged`;
    if (reported === null) {
      return {
        currency,
        differs: false,
        text: `${many}: the service reported no balance before and after to compare with; ${expects}.`,
      };
    }
    const moved = reported > 0 ? `fell by ${n(reported)}` : reported < 0 ? `rose by ${n(-reported)}` : 'did not change';
    if (!r.differs[currency]) {
      return {
        currency,
        differs: false,
        text: `${many}: the balance the service reported ${moved}, as the journal expects.`,
      };
    }
    const unknown =
      r.unknown > 0
        ? `; so may the ${r.unknown === 1 ? 'purchase' : `${n(r.unknown)} purchases`} marked “may have been charged”`
        : '';
    const gap = reported - expected;
    const size = `${n(Math.abs(gap))} ${Math.abs(gap) === 1 ? NAMES[currency].one : many}`;
    const side = gap > 0 ? 'more than the journal accounts for' : 'less than the journal’s charges';
    return {
      currency,
      differs: true,
      text:
        `${many}: the balance the service reported ${moved}, but ${expects}, a difference of ${size} (${side}). ` +
        `A top-up or a new month shows as a difference too, and so do ${ALSO[currency]}${unknown}.`,
    };
  });
}
