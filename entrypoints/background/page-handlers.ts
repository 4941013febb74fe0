import { browser } from 'wxt/browser';
import { tokenHint } from '../../utils/account/key';
import { isPlausibleToken, readToken } from '../../utils/account/secrets';
import { t } from '../../utils/i18n/catalogue';
import { jobStore } from '../../utils/jobs/store';
import type { PageReplies } from '../../utils/protocol/replies';
import type { PageMessage } from '../../utils/protocol/requests';
import { cacheBudgetBytes, readSettings, writeSettings } from '../../utils/settings';
import { originPattern } from '../../utils/settings/service-url';
import { refreshAccount, toAccountReply, watchlistActivity, watchlists } from './account/account';
import { switchAccount } from './account/switch';
import { accountStore } from './core/account-store';
import { releaseOldOrigin } from './core/host-permission';
import { Refusal } from './core/replies';
import type { HandlerServices, HandlerTable } from './handler-services';
import { toJobReply } from './panel/analysis';

/** One handler per message, each returning the reply its type promises (utils/protocol/replies.ts). */
export type PageHandlers = HandlerTable<PageMessage, PageReplies>;

/** The extension pages' messages (PageMessage), each to the service call that answers it. */
export function createPageHandlers(services: HandlerServices): PageHandlers {
  return {
    ping: async () => ({ pong: true }),
    'channels.quote': (m, sender) => services.several.quote(sender, m.channels),
    'channels.list': (m, sender) => services.several.list(sender, m.channels, m.quoteId),
    'settings.get': async () => {
      // The stored settings, as the options page edits them (`language` may be "same as the interface").
      const [settings, { token }] = await Promise.all([readSettings(), services.core.connection()]);
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
      services.core.forgetConnection();
      if (settings.serviceUrl !== previousUrl) await releaseOldOrigin(previousUrl, settings.serviceUrl);
      if (patch.cacheBudgetMb !== undefined)
        await (await services.core.cache()).setBudget(cacheBudgetBytes(settings.cacheBudgetMb));
      return { settings };
    },
    'token.set': async (m) => {
      const token = m.token.trim();
      if (!isPlausibleToken(token)) {
        throw new Refusal('bad_token', t('background.options.badToken'));
      }
      if (token !== (await readToken())) await switchAccount(token, services.tracking, services.bulk, services.core);
      return { hasToken: true };
    },
    'token.clear': async () => {
      await switchAccount('', services.tracking, services.bulk, services.core);
      return { hasToken: false };
    },
    'account.get': async (m) => {
      const account = m.refresh ? await refreshAccount(services.core) : toAccountReply(await accountStore.get());
      return { ...account, tokenHint: tokenHint(await readToken()) };
    },
    'jobs.list': async () =>
      (await jobStore.all(await services.core.account())).sort((a, b) => b.startedAt - a.startedAt).map(toJobReply),
    'cache.usage': async () => (await services.core.cache()).usage(),
    'cache.clear': async () => {
      // Saved transcripts only: paid analyses and answers are kept (buying them again costs AI Units).
      const cache = await services.core.cache();
      await cache.clearKind('transcript');
      services.library.markChanged();
      return cache.usage();
    },
    'watchlists.list': () => watchlists(services.core),
    'watchlists.activity': (m) => watchlistActivity(services.core, m.watchlistId),
    'consent.pending': (m, sender) => services.consent.pending(sender, m.requestId),
    'consent.decide': (m, sender) => services.consent.decide(sender, m.requestId, m.accept),
    'consent.mode': (m, sender) => services.consent.choose(sender, m.requestId, m.mode),
    'library.list': (m) => services.library.list(m.first),
    'library.search': (m) => services.library.search(m.query, m.videoIds, m.limit),
    'library.remove': async (m) => ({
      removed: await services.library.remove(m.videoIds),
      list: await services.library.list(),
    }),
    'library.export': (m) => services.library.exportVideos(m.videoIds),
    'library.exportText': (m) => services.library.exportText(m.videoIds),
    'library.exportPart': (m, sender) => services.exportPost(m.videoIds, m.part, sender.url),
    'library.importPreview': (m) => services.library.previewLibrary(m.file),
    'library.import': async (m) => ({
      ...(await services.library.importLibrary(m.file)),
      list: await services.library.list(),
    }),
    'lists.hand': async (m) => {
      services.handed.hand({ name: m.name, videos: m.videos });
      await browser.tabs.create({ url: browser.runtime.getURL('/library.html') });
      return { opened: true };
    },
    'lists.take': async () => services.handed.take(),
    'bulkRuns.list': () => services.bulk.recent(),
    'bulkRuns.cancel': (m) => services.channels.bulkCancel(m.runId),
    'spending.history': () => services.spendingHistory.history(),
    'spending.unknown': () => services.spendingHistory.unknown(),
  };
}
