import { allowsDeep } from '../../../utils/api/schemas';
import type { PanelContext } from '../../../utils/panel/replies';
import { planWorthAsking, refreshAccount, toAccountReply } from '../account/account';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';

/** What the panel needs to know before it offers anything: the token's presence, the settings, the plan. */
export async function panelContext(
  core: Pick<Core, 'connection' | 'inflight' | 'mcp' | 'setPlan'>,
  /** The connection when the caller read it already for the same message (panel.open): read once, not twice. */
  read?: Awaited<ReturnType<Core['connection']>>,
): Promise<PanelContext> {
  const [{ settings, token }, account] = await Promise.all([read ?? core.connection(), accountStore.get()]);
  if (token && planWorthAsking(account)) {
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
