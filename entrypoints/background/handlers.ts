import { browser } from 'wxt/browser';
import { tokenHint } from '../../utils/account-key';
import { t } from '../../utils/i18n/catalogue';
import { jobStore } from '../../utils/jobs-store';
import type { Reply } from '../../utils/protocol/envelope';
import type { SenderLike } from '../../utils/protocol/receive';
import type { ContentReplies, PageReplies } from '../../utils/protocol/replies';
import type {
  ContentMessage,
  ContentOf,
  ContentType,
  PageMessage,
  PageOf,
  PageType,
} from '../../utils/protocol/requests';
import { isPlausibleToken, readToken } from '../../utils/secrets';
import { originPattern } from '../../utils/service-url';
import { cacheBudgetBytes, readSettings, writeSettings } from '../../utils/settings';
import { refreshAccount, toAccountReply, watchlistActivity, watchlists } from './account/account';
import { switchAccount } from './account/switch';
import type { AroundReader } from './channel/around';
import type { Bulk } from './channel/bulk';
import type { ChannelPurchases } from './channel/purchases';
import type { SeveralListing } from './channel/several';
import type { VideoSearch } from './channel/video-search';
import type { ConsentWindow } from './confirm/window';
import { accountStore } from './core/account-store';
import type { Core } from './core/core';
import { releaseOldOrigin } from './core/host-permission';
import { guarded, Refusal } from './core/replies';
import type { HandedLists } from './library/handed';
import type { Library } from './library/library';
import { analysisState, recheckAnalysis, toJobReply } from './panel/analysis';
import { tabShows } from './panel/analysis-length';
import { askHistory, unsureQuestions } from './panel/ask';
import { panelContext } from './panel/context';
import type { PanelPurchases } from './panel/purchases';
import type { Tracking } from './panel/tracking';
import { videoLengths } from './panel/video-lengths';
import { panelTabs } from './surfaces/panel-tabs';
import type { Till } from './till';
import type { createSpendingHistory } from './till/spending-history';

/** One handler per message, each returning the reply its type promises (utils/protocol/replies.ts). */
export type ContentHandlers = {
  [K in ContentType]: (message: ContentOf<K>, sender: SenderLike) => Promise<ContentReplies[K]>;
};
export type PageHandlers = {
  [K in PageType]: (message: PageOf<K>, sender: SenderLike) => Promise<PageReplies[K]>;
};

/** The services the tables hand messages to, built once by the composition root (./index.ts). */
export type HandlerServices = {
  core: Core & { till: Till };
  tracking: Tracking;
  bulk: Bulk;
  spend: PanelPurchases;
  channels: ChannelPurchases;
  several: SeveralListing;
  library: Library;
  handed: HandedLists;
  videoSearch: VideoSearch;
  around: AroundReader;
  spendingHistory: ReturnType<typeof createSpendingHistory>;
  consent: ConsentWindow;
};

/** The two message tables: each message type to the service call that answers it, and the router's entry points. */
export function createHandlers({
  core,
  tracking,
  bulk,
  spend,
  channels,
  several,
  library,
  handed,
  videoSearch,
  around,
  spendingHistory,
  consent,
}: HandlerServices) {
  const langOf = async (lang: string | undefined) => lang ?? (await core.connection()).settings.language;

  const contentHandlers: ContentHandlers = {
    hello: async (m, sender) => ({ videoId: m.videoId, tabId: sender.tab?.id ?? null }),
    'transcript.get': async (m, sender) => spend.getTranscript(sender, m.videoId, await langOf(m.lang)),
    'transcript.load': async (m, sender) => spend.loadTranscript(sender, m, await langOf(m.lang)),
    'panel.context': () => panelContext(core),
    // The same two answers as panel.context and transcript.get, for the same sender (its quote is this tab's).
    'panel.open': async (m, sender) => {
      const connection = await core.connection();
      const lang = connection.settings.language;
      const [context, transcript] = await Promise.all([
        panelContext(core, connection),
        spend.getTranscript(sender, m.videoId, lang),
      ]);
      return { context, lang, transcript };
    },
    // Only the tab showing the video may say how long it is: any content sender could name any video.
    'video.length': async (m, sender) => {
      if (!tabShows(sender, m.videoId)) return { noted: false };
      await videoLengths.seen(m.videoId, m.durationSeconds);
      return { noted: true };
    },
    'analysis.estimate': (m, sender) => spend.estimate(sender, m),
    'analysis.start': (m, sender) => spend.startAnalysis(sender, m),
    'analysis.get': (m) => analysisState(core, m.videoId, tracking),
    'analysis.recheck': (m) => recheckAnalysis(core, tracking, m.videoId),
    'ask.quote': (m, sender) => spend.askQuote(sender, m.videoId),
    'ask.send': (m, sender) => spend.ask(sender, m),
    'ask.history': (m) => askHistory(core, m.videoId),
    'ask.unsure': async (m) => ({ questions: await unsureQuestions(core, m.videoId) }),
    'balances.get': async () => toAccountReply(await accountStore.get()).balances,
    'channel.get': (m, sender) => channels.get(sender, m.channel),
    'channel.list': (m, sender) => channels.list(sender, m.channel, m.quoteId),
    'bulk.quote': (m, sender) => channels.bulkQuote(sender, m.channel, m.ids),
    'bulk.status': (m, sender) => channels.bulkStatus(m.runId, sender.tab?.id),
    'bulk.current': (m) => channels.bulkCurrent(m.channel),
    'bulk.cancel': (m) => channels.bulkCancel(m.runId),
    // Only the run's own tab's save unpins its deliveries (channel/bulk.ts, fileSaved).
    'bulk.archive': (m, sender) => channels.archive(m, sender),
    'search.local': (m) => videoSearch.local(m.query, m.ids, { from: m.from, to: m.to }),
    'search.quote': (m, sender) => videoSearch.quote(sender, { ...m, range: { from: m.from, to: m.to } }),
    'around.quote': (m, sender) => around.quote(sender, m),
    'around.read': (m, sender) => around.read(sender, m),
    // The panel's tab asks; content senders always have one (classifySender, utils/protocol/receive.ts).
    'consent.open': (m, sender) => consent.open(sender.tab?.id ?? null, m.purchase),
    'consent.status': (m, sender) => consent.status(sender.tab?.id ?? null, m.requestId),
    'library.open': async () => {
      await browser.tabs.create({ url: browser.runtime.getURL('/library.html') });
      return { opened: true };
    },
  };

  const pageHandlers: PageHandlers = {
    ping: async () => ({ pong: true }),
    'channels.quote': (m, sender) => several.quote(sender, m.channels),
    'channels.list': (m, sender) => several.list(sender, m.channels, m.quoteId),
    'settings.get': async () => {
      // The stored settings, as the options page edits them (`language` may be "same as the interface").
      const [settings, { token }] = await Promise.all([readSettings(), core.connection()]);
      return { settings, hasToken: token.length > 0 };
    },
    'settings.set': async ({ patch }) => {
      // The token goes to a new address only once the browser has granted its host permission.
      if (patch.serviceUrl !== undefined) {
        const granted = await browser.permissions
          .contains({ origins: [originPattern(patch.serviceUrl)] })
          .catch(() => false);
        if (!granted) {
          const origin = new URL(patch.serviceUrl).origin;
          throw new Refusal('not_permitted', t('background.options.notPermitted', { origin }));
        }
      }
      const previousUrl = (await readSettings()).serviceUrl;
      const settings = await writeSettings(patch);
      core.forgetConnection();
      if (settings.serviceUrl !== previousUrl) await releaseOldOrigin(previousUrl, settings.serviceUrl);
      if (patch.cacheBudgetMb !== undefined)
        await (await core.cache()).setBudget(cacheBudgetBytes(settings.cacheBudgetMb));
      return { settings };
    },
    'token.set': async (m) => {
      const token = m.token.trim();
      if (!isPlausibleToken(token)) {
        throw new Refusal('bad_token', t('background.options.badToken'));
      }
      if (token !== (await readToken())) await switchAccount(token, tracking, bulk, core);
      return { hasToken: true };
    },
    'token.clear': async () => {
      await switchAccount('', tracking, bulk, core);
      return { hasToken: false };
    },
    'account.get': async (m) => {
      const account = m.refresh ? await refreshAccount(core) : toAccountReply(await accountStore.get());
      return { ...account, tokenHint: tokenHint(await readToken()) };
    },
    'jobs.list': async () =>
      (await jobStore.all(await core.account())).sort((a, b) => b.startedAt - a.startedAt).map(toJobReply),
    'cache.usage': async () => (await core.cache()).usage(),
    'cache.clear': async () => {
      // Saved transcripts only: paid analyses and answers are kept (buying them again costs AI Units).
      const cache = await core.cache();
      await cache.clearKind('transcript');
      library.markChanged();
      return cache.usage();
    },
    'watchlists.list': () => watchlists(core),
    'watchlists.activity': (m) => watchlistActivity(core, m.watchlistId),
    'consent.pending': (m, sender) => consent.pending(sender, m.requestId),
    'consent.decide': (m, sender) => consent.decide(sender, m.requestId, m.accept),
    'consent.mode': (m, sender) => consent.choose(sender, m.requestId, m.mode),
    'library.list': () => library.list(),
    'library.search': (m) => library.search(m.query, m.videoIds, m.limit),
    'library.remove': async (m) => ({ removed: await library.remove(m.videoIds), list: await library.list() }),
    'library.export': (m) => library.exportVideos(m.videoIds),
    'library.importPreview': (m) => library.previewLibrary(m.file),
    'library.import': async (m) => ({ ...(await library.importLibrary(m.file)), list: await library.list() }),
    'lists.hand': async (m) => {
      handed.hand({ name: m.name, videos: m.videos });
      await browser.tabs.create({ url: browser.runtime.getURL('/library.html') });
      return { opened: true };
    },
    'lists.take': async () => handed.take(),
    'bulkRuns.list': () => bulk.recent(),
    'bulkRuns.cancel': (m) => channels.bulkCancel(m.runId),
    'spending.history': () => spendingHistory.history(),
    'spending.unknown': () => spendingHistory.unknown(),
  };

  // The one place a message meets its handler: TypeScript cannot pair a union member with its entry.
  type AnyContent = (message: ContentMessage, sender: SenderLike) => Promise<unknown>;
  type AnyPage = (message: PageMessage, sender: SenderLike) => Promise<unknown>;

  return {
    async content(message: ContentMessage, sender: SenderLike): Promise<Reply<unknown>> {
      const handle = contentHandlers[message.type] as AnyContent;
      const reply = await guarded(() => handle(message, sender));
      // Noted once the reply is ready, not before the handler (a push reads it after this write): the panel's
      // first question on each video page waited for this read and write, and its own reads queued behind them.
      if ('videoId' in message) void panelTabs.seen(sender.tab?.id, message.videoId).catch(() => undefined);
      return reply;
    },
    async page(message: PageMessage, sender: SenderLike = {}): Promise<Reply<unknown>> {
      const handle = pageHandlers[message.type] as AnyPage;
      return guarded(() => handle(message, sender));
    },
  };
}
