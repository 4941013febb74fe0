import type { ChannelLookup } from '../../../utils/channel/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { quotes } from '../consent/quotes';
import type { Core } from '../core/core';
import type { Till } from '../till';
import type { Bulk } from './bulk';
import { createBulkBuying } from './bulk-buying';
import { channelPlanNeeded, channelPrice, channelsAllowed, heldListing, listChannel, whereOf } from './channels';
import { createRunArchives } from './run-archive';

/** The shared services this module uses. */
type CoreNeeds = Pick<
  Core,
  'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan' | 'unpin'
> & { till: Till };

export const listingMayHaveBeenCharged = () => t('background.error.channel.listingMayHaveBeenCharged');

const sameChannel = (subject: { channel?: string | undefined }, channel: string) =>
  subject.channel?.toLowerCase() === channel.toLowerCase();

/**
 * The channel view's purchases, each behind a quote (../consent/quotes.ts) issued to the tab that shows the price:
 * a listing is bought only by naming it. The quote's subject is `channel:<ref>`, so it cannot buy a video.
 */
export function createChannelBuying(core: CoreNeeds, bulk: Bulk) {
  const where = (sender: SenderLike, channel: string, kind = 'channel') => whereOf(core, sender, channel, kind);

  const archives = createRunArchives(core, bulk);

  async function quote(sender: SenderLike, channel: string) {
    const quoteId = await quotes.issue({ ...(await where(sender, channel)), purchase: { kind: 'channel' } });
    return { ...(await channelPrice()), quoteId };
  }

  return {
    /**
     * Free: the held listing (if any) and the price of listing or refreshing; the gate on Free. A listing of this
     * channel that may have been charged without arriving (a stopped worker's, a timed-out one) is said first.
     */
    async get(sender: SenderLike, channel: string): Promise<ChannelLookup> {
      if (!(await channelsAllowed(core))) return { status: 'gated', message: channelPlanNeeded() };
      const listing = await heldListing(core, channel);
      const lost = !listing && (await core.till.openUnknown('listing')).some((e) => sameChannel(e.subject, channel));
      return {
        status: 'quoted',
        quote: await quote(sender, channel),
        listing,
        ...(lost && { note: listingMayHaveBeenCharged() }),
      };
    },

    /** Spends 1 Cloud Request when the listing succeeds, only on the quote the person acted on. */
    async list(sender: SenderLike, channel: string, quoteId: string): Promise<ChannelLookup> {
      await quotes.take(quoteId, { ...(await where(sender, channel)), kind: 'channel' });
      const result = await listChannel(core, channel);
      if ('code' in result) return { status: 'failed', ...result, quote: await quote(sender, channel) };
      return { status: 'quoted', quote: await quote(sender, channel), listing: result.listing };
    },

    ...createBulkBuying(core, bulk),
    /** Free: the ZIP (or JSONL) of a run's selection, or of these ids, from saved transcripts. */
    archive: archives.archive,
    pieces: archives.pieces,
  };
}

export type ChannelBuying = ReturnType<typeof createChannelBuying>;
