import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { AUDIO_AI_UNITS_PER_MINUTE, audioPossible } from '../../../utils/till/price';
import { refreshAccount } from '../account/account';
import { type AccountRecord, accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'connection' | 'inflight' | 'mcp' | 'setPlan'> & { till: Till };

/** The automatic-load floor is judged on a balance no older than this (not account.ts's BALANCE_FRESH_MS). */
const FLOOR_BALANCE_FRESH_MS = 10 * 60 * 1000;
/**
 * Whether audio transcription can happen is judged on a plan and top-up learned no longer ago than this: an
 * upgrade or a top-up bought since would let a captionless video cost AI Units. One automatic load a minute
 * (useAutoLoad's AUTO_GAP_MS) thus usually learns them again first, for free.
 */
const PLAN_FRESH_MS = 60 * 1000;

const recent = (at: number | null, maxAgeMs: number) => (at ?? 0) >= Date.now() - maxAgeMs;

/**
 * The account as the rule needs it, learned again (free, MCP `account`) when the plan or the balance is stale.
 * `planChecked`: the plan and top-up are recent, so "no audio on this plan" can be believed.
 */
async function accountForRule(core: CoreNeeds): Promise<{ account: AccountRecord; planChecked: boolean }> {
  const before = await accountStore.get();
  const planFresh = recent(before.planCheckedAt, PLAN_FRESH_MS);
  const balanceFresh = before.cloudRequests !== null && recent(before.balancesAt, FLOOR_BALANCE_FRESH_MS);
  if (planFresh && balanceFresh) return { account: before, planChecked: true };
  // A failed refresh still stamps planCheckedAt, so success is read from the call, not the record.
  const learned = await refreshAccount(core).then(
    () => true,
    () => false,
  );
  return { account: await accountStore.get(), planChecked: learned || planFresh };
}

/**
 * The automatic-load rule (docs/spending-and-consent.md), null when it may send: the setting is on, the request
 * comes from the active tab, no earlier request for the video may have been charged unanswered, the account
 * cannot be charged AI Units for audio transcription (Free without a top-up: a paid plan or a top-up would
 * transcribe a captionless video at 3 AI Units a minute, and the request has no opt-out), and the Cloud Request
 * balance is above the person's floor. The panel adds its own half: the page is visible and focused and has
 * shown this video for a few seconds.
 */
export async function autoRefusal(core: CoreNeeds, sender: SenderLike, videoId: string): Promise<string | null> {
  const { settings } = await core.connection();
  if (!settings.autoLoadTranscripts) return t('background.auto.off');
  if (sender.tab?.active !== true) return t('background.auto.notActiveTab');
  const { account, planChecked } = await accountForRule(core);
  if (account.cloudRequests === null) return t('background.auto.balanceUnknown');
  if ((await core.till.unknownTranscripts()).has(videoId)) return t('background.auto.mayHaveBeenCharged');
  if (!planChecked) return t('background.auto.planUnchecked');
  // Where audio can be charged, only the person's "Load transcript", with its price, may spend AI Units.
  if (audioPossible(account.plan, account.aiTopUp)) return t('background.auto.audio', { n: AUDIO_AI_UNITS_PER_MINUTE });
  if (account.cloudRequests <= settings.autoLoadFloor) {
    return t('background.auto.paused', { floor: settings.autoLoadFloor, balance: account.cloudRequests });
  }
  return null;
}
