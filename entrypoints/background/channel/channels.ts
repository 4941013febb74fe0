import { channelErrorSentence } from '../../../utils/api/error-text';
import type { ChannelFailure, ChannelResult, ChannelSuccess } from '../../../utils/api/schemas';
import { isListRef } from '../../../utils/channel/playlist-ref';
import type { ChannelListing, UploadRow } from '../../../utils/channel/replies';
import { t } from '../../../utils/i18n/catalogue';
import { jobStore } from '../../../utils/jobs/store';
import type { SenderLike } from '../../../utils/protocol/receive';
import { planWorthAsking, refreshAccount } from '../account/account';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Till } from '../till';
import { aliasesOf, rememberAliases, resolveAlias } from './aliases';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'inflight' | 'keeper' | 'mcp' | 'setPlan'> & { till: Till };

export const channelPlanNeeded = () => t('background.error.channel.planNeeded');

type Held = Omit<ChannelListing, 'uploads'> & {
  uploads: { id: string; title: string; published?: string | null; author?: string | null }[];
};

/** An upload date as YYYY-MM-DD, when the service sent a readable one. */
const dayOf = (value: unknown): string | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
};

export const isFailure = (r: ChannelResult): r is ChannelFailure => typeof r.error === 'string';

/** Listings are filed per account and channel id: another token pays for its own. */
const key = (account: string, channelId: string) => `channel:${account}:${channelId}`;

/** The held listing of a channel reached by any form: its channel id's, else one filed under the form itself. */
async function held(core: CoreNeeds, account: string, channel: string) {
  const channelId = await resolveAlias(core, account, channel);
  const byId = channelId === null ? null : await core.keeper.get<Held>('meta', key(account, channelId));
  // Listings bought before they were filed by channel id.
  return byId ?? (await core.keeper.get<Held>('meta', key(account, channel)));
}

/** Whether the plan may list channels (unknown: learned for free, and offered when still unknown). */
export async function channelsAllowed(core: CoreNeeds): Promise<boolean> {
  let account = await accountStore.get();
  if (planWorthAsking(account)) {
    await refreshAccount(core).catch(() => undefined);
    account = await accountStore.get();
  }
  return account.plan !== 'free';
}

export async function channelPrice(): Promise<{ cloudRequests: number; balance: number | null }> {
  return { cloudRequests: 1, balance: (await accountStore.get()).cloudRequests };
}

/**
 * The held listing as it was bought, without the marks (no look at the saved transcripts and jobs): what a run
 * needs of it (the channel's id and title, the uploads' titles and dates for its file).
 */
export async function heldAsBought(core: CoreNeeds, channel: string): Promise<Held | null> {
  return (await held(core, await core.account(), channel))?.value ?? null;
}

/**
 * A channel's held listing as bought, without the marks a panel shows (what a run and its file need: no read of
 * every saved transcript's key); a playlist (read from its page) and a pasted list have none.
 */
export const boughtListingOf = (core: CoreNeeds, ref: string) =>
  isListRef(ref) ? Promise.resolve(null) : heldAsBought(core, ref);

/** Where a quote is bound: the tab that shows the price, the account, and `kind:channel` as its subject. */
export const whereOf = async (core: Pick<Core, 'account'>, sender: SenderLike, channel: string, kind: string) => ({
  tabId: sender.tab?.id ?? null,
  account: await core.account(),
  videoId: `${kind}:${channel}`,
});

/** The held listing with marks from what the extension holds now (saved transcripts, ready analyses). */
export async function heldListing(core: CoreNeeds, channel: string): Promise<ChannelListing | null> {
  const account = await core.account();
  const hit = await held(core, account, channel);
  if (!hit) return null;
  const saved = new Set((await core.keeper.keys('transcript')).map((k) => k.slice(0, k.lastIndexOf(':'))));
  const ready = new Set((await jobStore.all(account)).filter((j) => j.status === 'ready').map((j) => j.videoId));
  const uploads: UploadRow[] = hit.value.uploads.map((u) => ({
    ...u,
    published: u.published ?? null,
    saved: saved.has(u.id),
    analyzed: ready.has(u.id),
  }));
  return { ...hit.value, uploads };
}

/**
 * Buys one listing (1 Cloud Request when it succeeds; a per-channel failure is free) and holds it. When the library's
 * "Channels to list" was listing this channel at the same moment, its listing is shown instead of buying again.
 */
export async function listChannel(
  core: CoreNeeds,
  channel: string,
): Promise<{ listing: ChannelListing } | { code: string; message: string }> {
  const askedAt = Date.now();
  let result: ChannelResult | undefined;
  const bought = await core.till.buyListing(channel, 'panel', {
    listedMeanwhile: async (c) => ((await heldListing(core, c))?.listedAt ?? 0) >= askedAt,
    keep: async (response) => {
      result = response.results[0];
      if (result && !isFailure(result)) await holdListing(core, channel, result);
    },
  });
  if (bought.sent.length > 0) {
    if (!result) return { code: 'bad_response', message: t('background.error.channel.noResult') };
    if (isFailure(result)) return { code: result.error, message: channelErrorSentence(result.error, result.message) };
  }
  const listing = await heldListing(core, channel);
  return listing ? { listing } : { code: 'bad_response', message: t('background.error.channel.notKept') };
}

/** Holds one channel's successful listing under its channel id and every form it was asked by. */
export async function holdListing(core: CoreNeeds, channel: string, ok: ChannelSuccess): Promise<void> {
  const listing: Held = {
    channel,
    channelId: ok.channelId,
    title: ok.title,
    videoCount: ok.videoCount,
    truncated: ok.truncated,
    listedAt: Date.now(),
    uploads: ok.videos.map((v) => ({
      id: v.id,
      title: v.title,
      published: dayOf(v.publishedAt),
      author: v.author || null,
    })),
  };
  const account = await core.account();
  await core.keeper.put('meta', key(account, ok.channelId), listing);
  await rememberAliases(core, account, aliasesOf(channel, ok), ok.channelId);
}
