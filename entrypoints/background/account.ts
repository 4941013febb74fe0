import { errorSentence } from '../../utils/api/error-text';
import { isServiceError } from '../../utils/api/errors';
import { callTool, fetchAccount } from '../../utils/api/mcp';
import type { AccountView } from '../../utils/views';
import { type AccountRecord, accountStore } from './account-store';
import type { Core } from './core';

export function toAccountView(record: AccountRecord, tokenHint: string | null = null): AccountView {
  return {
    tokenHint,
    plan: record.plan,
    balances: { cloudRequests: record.cloudRequests, aiUnits: record.aiUnits, at: record.balancesAt },
    monthlyCloudRequests: record.monthlyCloudRequests,
    monthlyAiUnits: record.monthlyAiUnits,
    planNote: record.planNote,
  };
}

/**
 * Plan and balances from the MCP `account` tool (free). A marketplace key is refused on /mcp: then the
 * last balances seen on REST responses stay, with a sentence saying why the plan is unknown.
 */
export function refreshAccount(core: Core): Promise<AccountView> {
  // Ten panels opening at once make one call.
  return core.inflight.join('account', () => fetchAndStore(core));
}

async function fetchAndStore(core: Core): Promise<AccountView> {
  try {
    const info = await core.mcp((options) => fetchAccount(options));
    if (info.plan) core.setPlan(info.plan);
    // The longest analysable video was learned for the old plan: a new plan learns its own.
    const before = (await accountStore.get()).plan;
    const planChanged = before !== null && before !== info.plan;
    // A balance the answer does not state is unknown: the last one seen stays (never 0).
    const record = await accountStore.update({
      plan: info.plan,
      ...(planChanged && { maxMinutes: null }),
      ...(info.cloudRequestsRemaining !== null && { cloudRequests: info.cloudRequestsRemaining }),
      ...(info.aiUnitsRemaining !== null && { aiUnits: info.aiUnitsRemaining }),
      balancesAt: Date.now(),
      monthlyCloudRequests: info.monthlyCloudRequests ?? null,
      monthlyAiUnits: info.monthlyAiUnits ?? null,
      planNote:
        info.plan || !info.planName
          ? null
          : `The service reports the plan “${info.planName}”, which Transcript Lens does not know; plan limits are not applied.`,
      planCheckedAt: Date.now(),
    });
    return toAccountView(record);
  } catch (error) {
    if (isServiceError(error) && error.code === 'unsupported_transport') {
      const record = await accountStore.update({
        plan: null,
        planNote: `${errorSentence('unsupported_transport')} The plan is unknown; balances below are the last ones seen on transcript and analysis responses.`,
        planCheckedAt: Date.now(),
      });
      return toAccountView(record);
    }
    await accountStore.update({ planCheckedAt: Date.now() });
    throw error;
  }
}

/** The account's watchlists and recent activity (MCP, free tools). */
export function watchlists(core: Core): Promise<unknown> {
  return core.mcp((options) => callTool(options, 'list_watchlists'));
}

export function watchlistActivity(core: Core, watchlistId: string): Promise<unknown> {
  return core.mcp((options) => callTool(options, 'watchlist_activity', { watchlistId, limit: 10 }));
}
