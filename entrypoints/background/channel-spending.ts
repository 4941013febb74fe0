import type { ChannelLookup } from '../../utils/channel-views';
import type { SenderLike } from '../../utils/protocol/senders';
import { CHANNEL_PLAN_NEEDED, channelPrice, channelsAllowed, heldListing, listChannel } from './channels';
import type { Core } from './core';
import { quotes } from './quotes';

/**
 * The channel view's purchases, each behind a quote (./quotes.ts) issued to the tab that shows the price:
 * a listing is bought only by naming it. The quote's subject is `channel:<ref>`, so it cannot buy a video.
 */
export function createChannelSpending(core: Core) {
  const where = async (sender: SenderLike, channel: string) => ({
    tabId: sender.tab?.id ?? null,
    account: await core.account(),
    videoId: `channel:${channel}`,
  });

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
  };
}
