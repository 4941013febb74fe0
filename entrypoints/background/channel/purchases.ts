import type { BulkArchive, BulkOutput, BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel-replies';
import { t } from '../../../utils/i18n/catalogue';
import { isListRef, listTitle } from '../../../utils/playlist-ref';
import type { SenderLike } from '../../../utils/protocol/receive';
import { ConsentError, quotes } from '../consent/quotes';
import type { Core } from '../core/core';
import { Refusal } from '../core/replies';
import type { Till } from '../till';
import { resolveAlias } from './aliases';
import { archiveOf } from './archive';
import { type Bulk, uncachedOf } from './bulk';
import { bulkPrice } from './bulk-price';
import { channelPlanNeeded, channelPrice, channelsAllowed, heldAsBought, heldListing, listChannel } from './channels';

/** The shared services this module uses. */
type CoreNeeds = Pick<
  Core,
  'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan' | 'unpin'
> & { till: Till };

export const listingMayHaveBeenCharged = () => t('background.error.channel.listingMayHaveBeenCharged');

/**
 * A channel's held listing as bought, without the marks a panel shows (what a run and its file need: no read of
 * every saved transcript's key); a playlist (read from its page) and a pasted list have none.
 */
const boughtListingOf = (core: CoreNeeds, ref: string) =>
  isListRef(ref) ? Promise.resolve(null) : heldAsBought(core, ref);

/** How long a file put together at a run's end waits for its page to ask for it. */
const PREPARED_MS = 60_000;

const sameChannel = (subject: { channel?: string | undefined }, channel: string) =>
  subject.channel?.toLowerCase() === channel.toLowerCase();

/**
 * The channel view's purchases, each behind a quote (../consent/quotes.ts) issued to the tab that shows the price:
 * a listing is bought only by naming it. The quote's subject is `channel:<ref>`, so it cannot buy a video.
 */
export function createChannelPurchases(core: CoreNeeds, bulk: Bulk) {
  const where = async (sender: SenderLike, channel: string, kind = 'channel') => ({
    tabId: sender.tab?.id ?? null,
    account: await core.account(),
    videoId: `${kind}:${channel}`,
  });
  const lang = async () => (await core.connection()).settings.language;
  const noRun = () => t('background.bulk.noRun');

  type ArchiveArgs = {
    channel: string;
    ids?: string[];
    titles?: Record<string, string>;
    format: BulkOutput;
    runId?: string;
  };
  /** The file of a run that just ended, put together before its page asks for it (it asks in its own format). */
  const prepared = new Map<string, { channel: string; format: BulkOutput; archive: Promise<BulkArchive> }>();
  bulk.onEnded((run) => {
    const archive = build({ channel: run.channel, format: run.format, runId: run.runId });
    archive.catch(() => undefined);
    prepared.set(run.runId, { channel: run.channel, format: run.format, archive });
    // Nobody asked (no page open): the memory is let go; a later save builds it again.
    setTimeout(() => prepared.delete(run.runId), PREPARED_MS);
  });

  async function build(args: ArchiveArgs): Promise<BulkArchive> {
    const run = args.runId ? await bulk.run(args.runId) : null;
    if (args.runId && !run) throw new Refusal('no_run', noRun());
    const ids = run?.selection ?? args.ids ?? [];
    const listed = new Map(
      (await boughtListingOf(core, args.channel))?.uploads.map((u) => [u.id, { ...u, published: u.published ?? null }]),
    );
    // A playlist's titles are the page's: only a name in the file, never a reason to buy anything.
    const titled = (id: string) => (args.titles && Object.hasOwn(args.titles, id) ? args.titles[id] : undefined);
    const uploads = ids.map((id) => listed.get(id) ?? { id, title: titled(id)?.trim() || id, published: null });
    const failed = new Map(run?.failed.map((f) => [f.id, f.message]));
    // The parts made as the run's batches arrived, when it is the run's own format (else none: made now).
    const made = run ? await bulk.parts(run.runId, args.format) : undefined;
    return archiveOf(core, { channel: args.channel, uploads, format: args.format, lang: run?.lang }, failed, made);
  }

  /** The prepared file when it is the one asked for (the run's own channel and format, no page titles). */
  async function preparedFor(args: ArchiveArgs): Promise<BulkArchive | null> {
    const ready = args.runId && !args.titles ? prepared.get(args.runId) : undefined;
    if (!ready || ready.channel !== args.channel || ready.format !== args.format) return null;
    prepared.delete(args.runId ?? '');
    return ready.archive.catch(() => null);
  }

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

    /** Free: the price of the selection's transcripts (uncached ones only), with its quote. */
    async bulkQuote(sender: SenderLike, channel: string, ids: string[]): Promise<BulkQuote> {
      const uncached = await uncachedOf(core, ids, await lang());
      const { price, priceText, mayHaveBeenCharged, sizeNote, balance } = await bulkPrice(core, uncached);
      const purchase = { kind: 'bulk' as const, ids, toBuy: uncached, ...price };
      const quoteId = await quotes.issue({ ...(await where(sender, channel, 'bulk')), purchase });
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
      const quoted = await quotes.take(quoteId, { ...(await where(sender, channel, 'bulk')), kind: 'bulk' });
      const same =
        quoted.kind === 'bulk' && quoted.ids.length === ids.length && quoted.ids.every((id, i) => id === ids[i]);
      if (!same) throw new ConsentError(t('background.check.otherSelection'));
      // Recomputed: what was saved since the price is not bought. A video that needs buying now but was not
      // priced (its saved transcript was removed or expired since) means the price grew: it is asked again.
      const l = await lang();
      // Both read at once (the run's first request waits for them); the listing only names the run.
      const [toBuy, listing] = await Promise.all([uncachedOf(core, ids, l), boughtListingOf(core, channel)]);
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

    /** Free: the ZIP (or JSONL) of a run's selection, or of these ids, from saved transcripts. */
    async archive(args: ArchiveArgs, sender: SenderLike): Promise<BulkArchive> {
      const archive = (await preparedFor(args)) ?? (await build(args));
      // Built from the pinned deliveries: from now on they may make room like any saved transcript. Not awaited:
      // the file goes to the page meanwhile (a failure only leaves them pinned until the next save).
      if (args.runId) void bulk.fileSaved(args.runId, sender.tab?.id ?? null).catch(() => undefined);
      return archive;
    },
  };
}

export type ChannelPurchases = ReturnType<typeof createChannelPurchases>;
