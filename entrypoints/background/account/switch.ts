import { tokenItem } from '../../../utils/account/secrets';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';

/** A new token is another account: forget its balances, stop the old account's polls. */
export async function switchAccount(
  token: string,
  // Handed by the rooms above (panel/tracking.ts, channel/bulk.ts): the account floor reaches none of them.
  tracking: { switchAccount(): Promise<void> },
  bulk: { resume(): Promise<void> },
  core: Pick<Core, 'forgetConnection'>,
) {
  await tokenItem.setValue(token);
  // Firefox keeps the token outside storage.local, where no change is reported: the worker's copy goes now.
  core.forgetConnection();
  await accountStore.reset();
  await tracking.switchAccount();
  // Runs of the other account wait for its token; this account's carry on.
  await bulk.resume();
}
