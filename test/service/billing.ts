import type { Account } from './accounts';
import type { ServiceState } from './state';

/** Takes Cloud Requests already known to be affordable, and writes the ledger. */
export function chargeCloud(state: ServiceState, account: Account, amount: number, reason: string, videoId?: string) {
  if (amount <= 0) return;
  account.cloudRequests -= amount;
  state.charges.push({
    token: account.token,
    kind: 'cloud',
    amount,
    reason,
    ...(videoId ? { videoId } : {}),
    at: state.now(),
  });
}

/** Takes AI Units: the monthly allowance first, then the purchased top-up (only the top-up when `topUpOnly`). */
export function chargeAi(
  state: ServiceState,
  account: Account,
  amount: number,
  reason: string,
  videoId?: string,
  topUpOnly = false,
) {
  if (amount <= 0) return;
  const fromMonthly = topUpOnly ? 0 : Math.min(account.aiUnits, amount);
  account.aiUnits -= fromMonthly;
  account.aiTopUp -= amount - fromMonthly;
  state.charges.push({
    token: account.token,
    kind: 'ai',
    amount,
    reason,
    ...(videoId ? { videoId } : {}),
    at: state.now(),
  });
}

/** Started minutes of audio or video. */
export function startedMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
