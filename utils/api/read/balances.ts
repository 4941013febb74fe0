/**
 * Balances carried by any response. Missing and null mean "unknown" (never 0); numeric strings and fractional
 * values are accepted. The legacy `creditsRemaining` stands in for Cloud Requests only when the current field
 * is missing (spec: Versioning). A `balances` (or `account`) object nested in the body is read the same way.
 */
import { words } from './lenient';
import { type Dict, field, isRecord, nonNeg } from './values';

export type BalancesSeen = { cloudRequests?: number; aiUnits?: number };

export const CLOUD_KEYS = words(
  'cloudrequestsremaining remainingcloudrequests cloudrequestsleft cloudrequestsbalance cloudrequests cloudremaining',
);
export const LEGACY_CLOUD_KEYS = words('creditsremaining remainingcredits credits');
export const AI_KEYS = words(
  'aiunitsremaining remainingaiunits aiunitsleft aiunitsbalance aiunits aiprocessingunitsremaining aiprocessingunits airemaining',
);
const NESTED_KEYS = words('balances balance remaining account');

function readFlat(obj: Dict): BalancesSeen {
  const cloudRequests = nonNeg(field(obj, CLOUD_KEYS)) ?? nonNeg(field(obj, LEGACY_CLOUD_KEYS));
  const aiUnits = nonNeg(field(obj, AI_KEYS));
  return { ...(cloudRequests !== undefined && { cloudRequests }), ...(aiUnits !== undefined && { aiUnits }) };
}

/** The balances a body reports, or null when it reports none. Never throws. */
export function readBalances(body: unknown): BalancesSeen | null {
  if (!isRecord(body)) return null;
  const nested = field(body, NESTED_KEYS);
  const seen = { ...(isRecord(nested) ? readFlat(nested) : {}), ...readFlat(body) };
  return seen.cloudRequests === undefined && seen.aiUnits === undefined ? null : seen;
}
