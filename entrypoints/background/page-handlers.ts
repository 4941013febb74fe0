import { browser } from 'wxt/browser';
import { tokenHint } from '../../utils/account/key';
import { isPlausibleToken, readToken } from '../../utils/account/secrets';
import { t } from '../../utils/i18n/catalogue';
import { jobStore } from '../../utils/jobs/store';
import type { SenderLike } from '../../utils/protocol/receive';
import type { PageReplies } from '../../utils/protocol/replies';
import type { PageOf, PageType } from '../../utils/protocol/requests';
import { cacheBudgetBytes, readSettings, writeSettings } from '../../utils/settings';
import { originPattern } from '../../utils/settings/service-url';
import { refreshAccount, toAccountReply, watchlistActivity, watchlists } from './account/account';
import { switchAccount } from './account/switch';
import { accountStore } from './core/account-store';
import { releaseOldOrigin } from './core/host-permission';
import { Refusal } from './core/replies';
import type { HandlerServices } from './handler-services';
import { toJobReply } from './panel/analysis';

export type PageHandlers = {
  [K in PageType]: (message: PageOf<K>, sender: SenderLike) => Promise<PageReplies[K]>;
};

/** The extension pages' messages (PageMessage), each to the service call that answers it. */
export function createPageHandlers({
  core,
  tracking,
  bulk,
  channels,
  several,
  library,
  handed,
  spendingHistory,
  consent,
}: HandlerServices): PageHandlers {
  return {
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
    'library.list': (m) => library.list(m.first),
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
}
