import { isListRef, listTitle } from '../../../utils/channel/playlist-ref';
import type { BulkOutput, BulkQuote, BulkStatus } from '../../../utils/channel/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { ConsentError, quotes } from '../consent/quotes';
import type { Core } from '../core/core';
import { Refusal } from '../core/replies';
import type { Till } from '../till';
import { resolveAlias } from './aliases';
import { type Bulk, uncachedOf } from './bulk';
import { bulkPrice } from './bulk-price';
import { boughtListingOf, whereOf } from './channels';

/** The shared services this module uses. */
type CoreNeeds = Pick<
  Core,
  'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan' | 'unpin'
> & { till: Till };

/**
 * A channel view's bulk runs: the price of a selection's transcripts behind a quote (subject `bulk:<ref>`), the
 * run started only on that quote (by the confirmation window's Spend), its status, re-attaching and cancelling.
 */
export function createBulkBuying(core: CoreNeeds, bulk: Bulk) {
  const where = (sender: SenderLike, channel: string) => whereOf(core, sender, channel, 'bulk');
  const lang = async () => (await core.connection()).settings.language;
  const noRun = () => t('background.bulk.noRun');
  return {
    /** Free: the price of the selection's transcripts (uncached ones only), with its quote. */
    async bulkQuote(sender: SenderLike, channel: string, ids: string[]): Promise<BulkQuote> {
      const uncached = await uncachedOf(core, ids, await lang());
      const { price, priceText, mayHaveBeenCharged, sizeNote, balance } = await bulkPrice(core, uncached);
      const purchase = { kind: 'bulk' as const, ids, toBuy: uncached, ...price };
      const quoteId = await quotes.issue({ ...(await where(sender, channel)), purchase });
      return {
        quoteId,
        selected: ids.length,
        uncached: uncached.length,
        balance,
        aiUnitsUpTo: price.aiUnitsUpTo,
        priceText,
        mayHaveBeenCharged,
        sizeNote,
      };
    },

    /**
     * Spends up to 1 Cloud Request per uncached selected video, only on the quote of exactly this selection;
     * called by the window's Spend (../confirm/window.ts), never by the page.
     */
    async bulkStart(
      sender: SenderLike,
      args: { channel: string; ids: string[]; quoteId: string; format?: BulkOutput | undefined },
    ): Promise<BulkStatus> {
      const { channel, ids, quoteId, format = 'srt' } = args;
      // Recomputed: what was saved since the price is not bought. Read while the quote is checked (reads only,
      // nothing is bought before it holds; the run's first request waits for both); the listing only names the run.
      const reads = lang().then(async (l) => {
        const [toBuy, listing] = await Promise.all([uncachedOf(core, ids, l), boughtListingOf(core, channel)]);
        return { l, toBuy, listing };
      });
      reads.catch(() => undefined);
      const quoted = await quotes.take(quoteId, { ...(await where(sender, channel)), kind: 'bulk' });
      const same =
        quoted.kind === 'bulk' && quoted.ids.length === ids.length && quoted.ids.every((id, i) => id === ids[i]);
      if (!same) throw new ConsentError(t('background.check.otherSelection'));
      // A video that needs buying now but was not priced (its saved transcript was removed or expired since)
      // means the price grew: it is asked again.
      const { l, toBuy, listing } = await reads;
      const priced = new Set(quoted.toBuy);
      const grown = toBuy.filter((id) => !priced.has(id)).length;
      if (grown > 0) {
        throw new ConsentError(t('background.bulk.priceGrew', { n: grown }));
      }
      return bulk.start({
        runId: crypto.randomUUID(),
        channel,
        channelId: listing?.channelId ?? null,
        title: listing?.title ?? listTitle(channel),
        selection: ids,
        lang: l,
        format,
        toBuy,
        tabId: sender.tab?.id ?? null,
      });
    },

    async bulkStatus(runId: string, tabId?: number): Promise<BulkStatus> {
      const status = await bulk.status(runId, tabId);
      if (!status) throw new Refusal('no_run', noRun());
      return status;
    },

    /** Free: the newest run of this channel, reached by any of its URL forms, to re-attach to. */
    async bulkCurrent(channel: string): Promise<BulkStatus | null> {
      const channelId = isListRef(channel) ? null : await resolveAlias(core, await core.account(), channel);
      return bulk.current(channelId === null ? [channel] : [channel, channelId]);
    },

    /** Stops a run of this account; cancelling never spends, so any panel or the popup may do it. */
    async bulkCancel(runId: string): Promise<BulkStatus> {
      const status = await bulk.cancel(runId);
      if (!status) throw new Refusal('no_run', noRun());
      return status;
    },
  };
}
