import type { BulkArchive, BulkQuote, BulkStatus, ChannelLookup } from '../../utils/channel-views';
import type { ExportFormat } from '../../utils/export';
import type { SenderLike } from '../../utils/protocol/senders';
import { accountStore } from './account-store';
import { archiveOf } from './archive';
import { type Bulk, uncachedOf } from './bulk';
import { CHANNEL_PLAN_NEEDED, channelPrice, channelsAllowed, heldListing, listChannel } from './channels';
import type { Core } from './core';
import { ConsentError, quotes } from './quotes';
import { Refusal } from './replies';

/**
 * The channel view's purchases, each behind a quote (./quotes.ts) issued to the tab that shows the price:
 * a listing is bought only by naming it. The quote's subject is `channel:<ref>`, so it cannot buy a video.
 */
export function createChannelSpending(core: Core, bulk: Bulk) {
  const where = async (sender: SenderLike, channel: string, kind = 'channel') => ({
    tabId: sender.tab?.id ?? null,
    account: await core.account(),
    videoId: `${kind}:${channel}`,
  });
  const lang = async () => (await core.connection()).settings.language;
  const NO_RUN = 'That download is no longer running here. Check the cost again to start it.';

  async function quote(sender: SenderLike, channel: string) {
    const quoteId = await quotes.issue({ ...(await where(sender, channel)), purchase: { kind: 'channel' } });
    return { ...(await channelPrice()), quoteId };
  }

  return {
    /** Free: the held listing (if any) and the price of listing or refreshing; the gate on Free. */
    async get(sender: SenderLike, channel: string): Promise<ChannelLookup> {
      if (!(await channelsAllowed(core))) return { status: 'gated', message: CHANNEL_PLAN_NEEDED };
      return { status: 'quoted', quote: await quote(sender, channel), listing: await heldListing(core, channel) };
    },

    /** Spends 1 Cloud Request when the listing succeeds, only on the quote the person acted on. */
    async list(sender: SenderLike, channel: string, quoteId: string): Promise<ChannelLookup> {
      await quotes.take(quoteId, { ...(await where(sender, channel)), kind: 'channel' });
      const result = await listChannel(core, channel);
      if ('code' in result) return { status: 'failed', ...result, quote: await quote(sender, channel) };
      return { status: 'quoted', quote: await quote(sender, channel), listing: result.listing };
    },

    /** Free: the price of the selection's transcripts (uncached ones only), with its quote. */
    async bulkQuote(sender: SenderLike, channel: string, ids: string[]): Promise<BulkQuote> {
      const uncached = await uncachedOf(core, ids, await lang());
      const purchase = { kind: 'bulk' as const, ids };
      const quoteId = await quotes.issue({ ...(await where(sender, channel, 'bulk')), purchase });
      return {
        quoteId,
        selected: ids.length,
        uncached: uncached.length,
        balance: (await accountStore.get()).cloudRequests,
      };
    },

    /** Spends up to 1 Cloud Request per uncached selected video, only on the quote of exactly this selection. */
    async bulkStart(sender: SenderLike, channel: string, ids: string[], quoteId: string): Promise<BulkStatus> {
      const quoted = await quotes.take(quoteId, { ...(await where(sender, channel, 'bulk')), kind: 'bulk' });
      const same =
        quoted.kind === 'bulk' && quoted.ids.length === ids.length && quoted.ids.every((id, i) => id === ids[i]);
      if (!same) throw new ConsentError('That confirmation was for another selection. Check the cost again.');
      // Recomputed: what was saved since the price is not bought (the price can only have fallen).
      const l = await lang();
      return bulk.start(await uncachedOf(core, ids, l), l, sender.tab?.id ?? null);
    },

    async bulkStatus(runId: string): Promise<BulkStatus> {
      const status = bulk.status(runId);
      if (!status) throw new Refusal('no_run', NO_RUN);
      return status;
    },

    async bulkCancel(sender: SenderLike, runId: string): Promise<BulkStatus> {
      const status = bulk.cancel(runId, sender.tab?.id ?? null);
      if (!status) throw new Refusal('no_run', NO_RUN);
      return status;
    },

    /** Free: the ZIP of the selection's saved transcripts, titled from the held listing. */
    async archive(channel: string, ids: string[], format: ExportFormat, runId?: string): Promise<BulkArchive> {
      const listed = new Map((await heldListing(core, channel))?.uploads.map((u) => [u.id, u]));
      const uploads = ids.map((id) => listed.get(id) ?? { id, title: id, published: null });
      const failed = new Map((runId ? bulk.status(runId)?.failed : undefined)?.map((f) => [f.id, f.message]));
      return archiveOf(core, { channel, uploads, format }, failed);
    },
  };
}
