import type { AnalysisMode } from '../../../utils/api/schemas';
import type { ConsentPending } from '../../../utils/consent/replies';
import { t } from '../../../utils/i18n/catalogue';
import { MCP_VIDEOS_PER_CALL } from '../../../utils/video-search/replies';
import type { TimeRange } from '../../../utils/video-search/time-range';
import { refreshAccount } from '../account/account';
import { uncachedOf } from '../channel/bulk';
import { bulkPrice as priceOfTranscripts } from '../channel/bulk-price';
import { heldListing } from '../channel/channels';
import { heldFindings } from '../channel/mcp-search';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Library } from '../library/library';
import { estimateFor } from '../panel/analysis';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<
  Core,
  'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'rest' | 'setPlan' | 'unpin'
> & { till: Till };

/**
 * The prices the confirmation window shows, worked out now, free, the way the panel's quotes work them out:
 * an analysis by its estimate (the worst case when the length is unknown), transcripts by the uncached videos,
 * a search by the unsaved videos not already searched for exactly these words and range.
 */
/** The modes every plan has (spec: only deep needs Pro or Team). */
const PLAN_MODES: AnalysisMode[] = ['quick', 'smart', 'auto'];

export function modeRefusal(plan: string | null): string {
  const name = plan ? `${plan[0]?.toUpperCase()}${plan.slice(1)}` : 'none';
  return t('background.consent.deepRefused', { plan: name });
}

const noCloud = () => t('background.consent.noCloud');

/**
 * Consent is asked with the balance in view; learning it is free (MCP `account`), so the window's view learns
 * it when unknown. Spend does not wait for it: the price is all it checks again.
 */
async function knownBalances(core: CoreNeeds, refresh: boolean) {
  let account = await accountStore.get();
  if (refresh && (account.aiUnits === null || account.cloudRequests === null)) {
    await refreshAccount(core).catch(() => undefined);
    account = await accountStore.get();
  }
  return account;
}

export async function analysisPrice(
  core: CoreNeeds,
  a: { videoId: string; mode: AnalysisMode; partial: boolean; durationSeconds?: number; title: string | null },
  refresh: boolean,
): Promise<ConsentPending> {
  const account = await knownBalances(core, refresh);
  const estimate = await estimateFor(core, a.videoId, a.mode, a.partial, a.durationSeconds);
  let refusal: string | null = null;
  // The plan comes first: a Deep price is ten times a standard one, so "more than your balance" would mislead.
  if (!estimate.modeAllowed) refusal = modeRefusal(account.plan);
  else if (estimate.exceedsBalance) refusal = t('background.consent.overBalance');
  else if (estimate.tooLong) refusal = t('background.consent.tooLong');
  return {
    subject: { kind: 'analysis', videoId: a.videoId, title: a.title, estimate },
    price: estimate.aiUnits ?? estimate.worstCase ?? 0,
    unit: 'AI Units',
    balance: estimate.balance,
    refusal,
    ...(!estimate.modeAllowed && { modes: PLAN_MODES }),
  };
}

export async function bulkPrice(
  core: CoreNeeds,
  b: { channel: string; ids: string[]; format: string },
  refresh: boolean,
): Promise<ConsentPending> {
  const [{ cloudRequests: balance }, { settings }] = await Promise.all([
    knownBalances(core, refresh),
    core.connection(),
  ]);
  // Read together: Spend's check of the price comes before the run's first request.
  const [uncached, listing] = await Promise.all([
    uncachedOf(core, b.ids, settings.language),
    heldListing(core, b.channel),
  ]);
  const toBuy = uncached.length;
  const title = listing?.title ?? b.channel;
  const priced = await priceOfTranscripts(core, uncached);
  return {
    subject: {
      kind: 'bulk',
      channel: b.channel,
      title,
      selected: b.ids.length,
      cloudRequests: toBuy,
      format: b.format,
      priceText: priced.priceText,
      mayHaveBeenCharged: priced.mayHaveBeenCharged,
      sizeNote: priced.sizeNote,
    },
    price: toBuy,
    unit: 'Cloud Requests',
    balance,
    refusal: balance === 0 && toBuy > 0 ? noCloud() : null,
  };
}

export async function searchPrice(
  core: CoreNeeds,
  library: Library,
  s: { channel: string; ids: string[]; query: string; range: TimeRange },
  refresh: boolean,
): Promise<ConsentPending> {
  const { cloudRequests: balance } = await knownBalances(core, refresh);
  const saved = new Set(await library.withTranscripts(s.ids));
  const unsaved = s.ids.filter((id) => !saved.has(id));
  const query = s.query.trim();
  const { toBuy } = await heldFindings(core, { query, range: s.range, ids: unsaved });
  const listing = await heldListing(core, s.channel);
  const titles = new Map(listing?.uploads.map((u) => [u.id, u.title]));
  // The server's schema (free, read once per session): how many videos a call carries, or that it cannot say this.
  const plan =
    toBuy.length > 0
      ? await core.till.searchPlan({ ids: toBuy, query, range: s.range })
      : { perCall: MCP_VIDEOS_PER_CALL, refusal: null };
  return {
    subject: {
      kind: 'search',
      channel: s.channel,
      title: listing?.title ?? s.channel,
      query,
      range: s.range,
      videos: unsaved.map((id) => ({ id, title: titles.get(id) ?? id })),
      held: unsaved.length - toBuy.length,
      cloudRequests: toBuy.length,
      calls: Math.ceil(toBuy.length / plan.perCall),
      perCall: plan.perCall,
    },
    price: toBuy.length,
    unit: 'Cloud Requests',
    balance,
    refusal: plan.refusal ?? (balance === 0 && toBuy.length > 0 ? noCloud() : null),
  };
}
