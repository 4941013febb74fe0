import { channelErrorSentence } from '../../../utils/api/error-text';
import type { ChannelResponse } from '../../../utils/api/read/channels';
import { PLANS } from '../../../utils/api/schemas';
import { channelBatches, requestsFor } from '../../../utils/channel/list';
import { type ChannelsListed, type ChannelsQuote, MAX_LISTED, type UploadRow } from '../../../utils/channel/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { ConsentError, quotes } from '../consent/quotes';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import { replyFromError } from '../core/replies';
import type { Till } from '../till';
import { channelPlanNeeded, channelsAllowed, heldListing, holdListing, isFailure } from './channels';
import { oncePerChannel, unresolvedFirst } from './same-channel';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'inflight' | 'keeper' | 'mcp' | 'setPlan'> & { till: Till };

/** The service's published schema caps a request at 50 channels, below the Pro and Team plans' own figure. */
export const SCHEMA_MAX_CHANNELS = 50;

/**
 * Channels per request on this plan: the plan's figure, never above the published schema's maximum. A plan not
 * known yet (a marketplace key has no MCP account) sends one a request, which every paid plan allows, and says so.
 */
export async function channelsPerRequest(): Promise<{ perRequest: number; planKnown: boolean }> {
  const { plan } = await accountStore.get();
  if (plan === null) return { perRequest: 1, planKnown: false };
  return { perRequest: Math.min(PLANS[plan].channelsPerRequest, SCHEMA_MAX_CHANNELS), planKnown: true };
}

type Row = ChannelsListed['channels'][number];

/** The pasted channels not held yet, in order. */
async function unheld(core: CoreNeeds, channels: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of channels) if (!(await heldListing(core, c))) out.push(c);
  return out;
}

/** Every held upload of these channels, once each, channel by channel as pasted. */
async function uploadsOf(core: CoreNeeds, channels: readonly string[]): Promise<UploadRow[]> {
  const seen = new Set<string>();
  const rows: UploadRow[] = [];
  for (const c of channels) {
    for (const u of (await heldListing(core, c))?.uploads ?? []) {
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      rows.push(u);
    }
  }
  return rows;
}

/** Holds each channel an answer listed and notes what became of every channel sent. */
async function keepListed(
  core: CoreNeeds,
  done: Map<string, Row>,
  response: ChannelResponse,
  sent: readonly string[],
): Promise<void> {
  const byId = new Map(response.results.map((r) => [r.id, r]));
  for (const [i, c] of sent.entries()) {
    const r = byId.get(c) ?? response.results[i];
    if (!r) {
      done.set(c, { channel: c, title: null, outcome: 'failed', message: channelErrorSentence('missing') });
    } else if (isFailure(r)) {
      const message = channelErrorSentence(r.error, r.message);
      done.set(c, { channel: c, title: null, outcome: 'failed', message });
    } else {
      await holdListing(core, c, r);
      done.set(c, { channel: c, title: r.title, outcome: 'listed', message: null });
    }
  }
}

type Buying = { done: Map<string, Row>; stopped: string | null };

/**
 * Buys these channels in requests of the plan's channels per request through the till (the scheduler keeps the
 * rate floor), noting each channel's outcome; after a request-level refusal the rest are not sent.
 */
async function buyBatches(core: CoreNeeds, buying: Buying, channels: string[], perRequest: number): Promise<void> {
  const { done } = buying;
  for (const batch of channelBatches(channels, perRequest)) {
    if (buying.stopped !== null) {
      for (const c of batch) done.set(c, { channel: c, title: null, outcome: 'not_sent', message: buying.stopped });
      continue;
    }
    try {
      const askedAt = Date.now();
      await core.till.buyListings(batch, 'panel', {
        // A channel page's "List uploads" of the same channel at the same moment: its listing counts.
        listedMeanwhile: async (c) => ((await heldListing(core, c))?.listedAt ?? 0) >= askedAt,
        keep: (response, sent) => keepListed(core, done, response, sent),
      });
    } catch (error) {
      // A request-level refusal (402, 429, a dropped answer): the rest are not sent, each said so.
      const reply = replyFromError(error);
      const why = reply.ok ? t('background.channels.noAnswer') : reply.error.message;
      buying.stopped = t('background.channels.notListed', { why });
      for (const c of batch) {
        // Listed meanwhile by a channel page's own listing: held, not refused.
        if (!(await heldListing(core, c)))
          done.set(c, { channel: c, title: null, outcome: 'not_sent', message: buying.stopped });
      }
    }
  }
}

/**
 * The library's "Channels to list": several channels priced together (1 Cloud Request per channel not held
 * yet), bought on the quote the person acted on, sent in requests of the plan's channels per request through
 * the till (the scheduler keeps the rate floor). Each listing is held as a single one is, so the channel's own
 * page finds it and never buys it again.
 */
export function createSeveralListing(core: CoreNeeds) {
  const where = async (sender: SenderLike, channels: readonly string[]) => ({
    tabId: sender.tab?.id ?? null,
    account: await core.account(),
    videoId: `channels:${channels.join(' ')}`,
  });

  return {
    /** Free: the price of listing these channels (held ones cost nothing) and its quote; the gate on Free. */
    async quote(sender: SenderLike, channels: string[]): Promise<ChannelsQuote> {
      if (!(await channelsAllowed(core))) return { status: 'gated', message: channelPlanNeeded() };
      const toList = await unheld(core, channels);
      const { perRequest, planKnown } = await channelsPerRequest();
      const cloudRequests = toList.length;
      const { first, then } = await unresolvedFirst(core, await core.account(), toList);
      const quoteId = await quotes.issue({
        ...(await where(sender, channels)),
        purchase: { kind: 'channels', toList, cloudRequests },
      });
      return {
        status: 'quoted',
        quoteId,
        toList,
        held: channels.filter((c) => !toList.includes(c)),
        cloudRequests,
        requests: requestsFor(first.length, perRequest) + requestsFor(then.length, perRequest),
        perRequest,
        planKnown,
        balance: (await accountStore.get()).cloudRequests,
      };
    },

    /**
     * Spends 1 Cloud Request per channel listed, only on the quote of exactly these channels. A channel held
     * since the price is not bought; one that needs buying but was not priced means the price grew: refused.
     */
    async list(sender: SenderLike, channels: string[], quoteId: string): Promise<ChannelsListed> {
      const quoted = await quotes.take(quoteId, { ...(await where(sender, channels)), kind: 'channels' });
      if (quoted.kind !== 'channels') throw new ConsentError(t('background.channels.otherThing'));
      const toList = await unheld(core, channels);
      const priced = new Set(quoted.toList);
      if (toList.some((c) => !priced.has(c))) {
        throw new ConsentError(t('background.channels.priceGrew'));
      }
      const { perRequest } = await channelsPerRequest();
      if (toList.length > 0 && perRequest === 0) throw new ConsentError(channelPlanNeeded());
      const account = await core.account();
      const { first, then } = await unresolvedFirst(core, account, toList);
      const buying: Buying = { done: new Map(), stopped: null };
      await buyBatches(core, buying, first, perRequest);
      // A `UC…` that a handle above turned out to be is held now: it is not bought again.
      await buyBatches(core, buying, await unheld(core, then), perRequest);
      const { done } = buying;
      const rows: ChannelsListed['channels'] = [];
      for (const c of channels) {
        const mine = done.get(c);
        if (mine) rows.push(mine);
        else
          rows.push({ channel: c, title: (await heldListing(core, c))?.title ?? null, outcome: 'held', message: null });
      }
      const uploads = await uploadsOf(core, channels);
      const once = await oncePerChannel(core, account, rows);
      // The bulk view takes at most MAX_LISTED videos at once: the newest of each channel first, as pasted.
      return {
        channels: once,
        uploads: uploads.slice(0, MAX_LISTED),
        leftOut: Math.max(0, uploads.length - MAX_LISTED),
      };
    },
  };
}

export type SeveralListing = ReturnType<typeof createSeveralListing>;
