import type { AccountReply } from '../../../utils/account/replies';
import { errorSentence } from '../../../utils/api/error-text';
import { isServiceError } from '../../../utils/api/errors';
import { callTool, fetchAccount } from '../../../utils/api/mcp';
import { t } from '../../../utils/i18n/catalogue';
import { type AccountRecord, accountStore } from '../core/account-store';
import type { Core } from '../core/core';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'inflight' | 'mcp' | 'setPlan'>;

export function toAccountReply(record: AccountRecord, tokenHint: string | null = null): AccountReply {
  return {
    tokenHint,
    plan: record.plan,
    balances: { cloudRequests: record.cloudRequests, aiUnits: record.aiUnits, at: record.balancesAt },
    monthlyCloudRequests: record.monthlyCloudRequests,
    monthlyAiUnits: record.monthlyAiUnits,
    aiTopUp: record.aiTopUp,
    planNote: record.planNote,
  };
}

/**
 * Plan and balances from the MCP `account` tool (free). A marketplace key is refused on /mcp: then the
 * last balances seen on REST responses stay, with a sentence saying why the plan is unknown.
 */
export function refreshAccount(core: CoreNeeds): Promise<AccountReply> {
  // Ten panels opening at once make one call.
  return core.inflight.join('account', () => fetchAndStore(core));
}

async function fetchAndStore(core: CoreNeeds): Promise<AccountReply> {
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
      aiTopUp: info.aiTopUp ?? null,
      balancesAt: Date.now(),
      monthlyCloudRequests: info.monthlyCloudRequests ?? null,
      monthlyAiUnits: info.monthlyAiUnits ?? null,
      planNote: info.plan || !info.planName ? null : t('background.account.unknownPlan', { name: info.planName }),
      planCheckedAt: Date.now(),
    });
    return toAccountReply(record);
  } catch (error) {
    if (isServiceError(error) && error.code === 'unsupported_transport') {
      const record = await accountStore.update({
        plan: null,
        planNote: `${errorSentence('unsupported_transport')} The plan is unknown; balances below are the last ones seen on transcript and analysis responses.`,
        planCheckedAt: Date.now(),
      });
      return toAccountReply(record);
    }
    await accountStore.update({ planCheckedAt: Date.now() });
    throw error;
  }
}

/** The plan decides what is offered (Deep, channel listings); learning it is free, so an unknown one is asked for now and then. */
const PLAN_RECHECK_MS = 5 * 60 * 1000;

/** The plan is unknown and was not asked for lately: worth a free `account` call. */
export function planWorthAsking(account: Pick<AccountRecord, 'plan' | 'planCheckedAt'>): boolean {
  return account.plan === null && (account.planCheckedAt ?? 0) < Date.now() - PLAN_RECHECK_MS;
}

/** Balances older than this are learned again, for free, before a price that depends on them is shown. */
export const BALANCE_FRESH_MS = 3 * 60 * 1000;
/** A balance that cannot cover a price is checked again after this long (a top-up may have come). */
export const SHORT_OF_BALANCE_FRESH_MS = 20 * 1000;
/** The balance a start is journalled beside: what its answer reports is read against it (../till/analysis.ts). */
export const BALANCE_BEFORE_SPEND_MS = 10 * 1000;
/** A refresh that just ran (or failed: a marketplace key) is not tried again sooner than this. */
const REFRESH_GAP_MS = 10 * 1000;

/**
 * The account with balances no older than `maxAgeMs`: learned again through the free MCP `account` tool when
 * older (a top-up on the service's website reaches the price without opening the popup).
 */
export async function freshAccount(core: CoreNeeds, maxAgeMs = BALANCE_FRESH_MS): Promise<AccountRecord> {
  const account = await accountStore.get();
  const now = Date.now();
  if ((account.balancesAt ?? 0) >= now - maxAgeMs) return account;
  if ((account.planCheckedAt ?? 0) >= now - REFRESH_GAP_MS) return account;
  await refreshAccount(core).catch(() => undefined);
  return accountStore.get();
}

/** The account's watchlists and recent activity (MCP, free tools). */
export function watchlists(core: CoreNeeds): Promise<unknown> {
  return core.mcp((options) => callTool(options, 'list_watchlists'));
}

/** Its arguments named as the server's schema says (free, read once per session); a schema without them, a sentence. */
export async function watchlistActivity(core: Pick<Core, 'mcp' | 'tools'>, watchlistId: string): Promise<unknown> {
  const { args } = await core.tools.args('watchlist_activity', { watchlistId, limit: 10 });
  return core.mcp((options) => callTool(options, 'watchlist_activity', args));
}
