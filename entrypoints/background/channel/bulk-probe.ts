import { BALANCE_FRESH_MS } from '../account/account';
import { accountStore } from '../core/account-store';

/**
 * Whether a run's first batch may skip going alone. It goes alone so that a 402 (or a refused token) is learned
 * from one request, not five; when the Cloud Request balance the extension read lately (any answer carries it,
 * free) covers every video still to buy, a 402 is not expected and the first wave goes at once. A balance
 * spent elsewhere meanwhile still meets a 402, which charges nothing: the run stops as it would have.
 */
export async function balanceCovers(toBuy: number, now = Date.now()): Promise<boolean> {
  const { cloudRequests, balancesAt } = await accountStore.get();
  if (cloudRequests === null || balancesAt === null) return false;
  return now - balancesAt <= BALANCE_FRESH_MS && cloudRequests >= toBuy;
}
