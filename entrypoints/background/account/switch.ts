import { tokenItem } from '../../../utils/account/secrets';
import type { Bulk } from '../channel/bulk';
import type { Core } from '../core/core';
import type { Tracking } from '../panel/tracking';
import { accountStore } from './store';

/** A new token is another account: forget its balances, stop the old account's polls. */
export async function switchAccount(
  token: string,
  tracking: Pick<Tracking, 'switchAccount'>,
  bulk: Pick<Bulk, 'resume'>,
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
