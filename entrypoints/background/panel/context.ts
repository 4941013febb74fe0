import { allowsDeep } from '../../../utils/api/schemas';
import type { PanelContext } from '../../../utils/panel-replies';
import { refreshAccount, toAccountReply } from '../account/account';
import { accountStore } from '../account/store';
import type { Core } from '../core/core';

/** The plan decides what the panel offers (Deep); learning it is free, so it is asked for now and then. */
const PLAN_RECHECK_MS = 5 * 60 * 1000;

/** What the panel needs to know before it offers anything: the token's presence, the settings, the plan. */
export async function panelContext(
  core: Pick<Core, 'connection' | 'inflight' | 'mcp' | 'setPlan'>,
): Promise<PanelContext> {
  const [{ settings, token }, account] = await Promise.all([core.connection(), accountStore.get()]);
  if (token && !account.plan && (account.planCheckedAt ?? 0) < Date.now() - PLAN_RECHECK_MS) {
    void refreshAccount(core).catch(() => undefined);
  }
  return {
    hasToken: token.length > 0,
    language: settings.language,
    defaultMode: settings.defaultMode,
    spendingGuard: settings.spendingGuard,
    plan: account.plan,
    deepAllowed: allowsDeep(account.plan),
    balances: toAccountReply(account).balances,
    autoLoad: settings.autoLoadTranscripts,
  };
}
