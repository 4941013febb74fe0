import { browser } from 'wxt/browser';
import { tokenHint } from '../../utils/account-key';
import { jobStore } from '../../utils/jobs-store';
import { type ContentMessage, fail, ok, type PageMessage, type Reply } from '../../utils/messages';
import { isPlausibleToken, readToken, tokenItem } from '../../utils/secrets';
import type { SenderLike } from '../../utils/senders';
import { originPattern } from '../../utils/service-url';
import { writeSettings } from '../../utils/settings';
import type { PanelContext } from '../../utils/views';
import { refreshAccount, toAccountView, watchlistActivity, watchlists } from './account';
import { accountStore } from './account-store';
import { analysisState, recheckAnalysis, toJobView } from './analysis';
import { askHistory } from './ask';
import type { Core } from './core';
import type { createMenuActions } from './menu';
import { panelTabs } from './panel-tabs';
import { replyFromError } from './replies';
import { createSpending } from './spending';
import type { createTracking } from './tracking';

type Tracking = ReturnType<typeof createTracking>;
type MenuActions = ReturnType<typeof createMenuActions>;
const EXPIRED = 'That confirmation has expired. Use “Analyze this video” again.';
const PLAN_RECHECK_MS = 5 * 60 * 1000;

async function guarded<T>(work: () => Promise<T>): Promise<Reply<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return replyFromError(error);
  }
}

export function createHandlers(core: Core, tracking: Tracking, menu: MenuActions) {
  const spend = createSpending(core, tracking);

  async function panelContext(): Promise<PanelContext> {
    const [{ settings, token }, account] = await Promise.all([core.connection(), accountStore.get()]);
    // The plan decides what the panel offers (Deep); learning it is free, so ask now and then.
    if (token && !account.plan && (account.planCheckedAt ?? 0) < Date.now() - PLAN_RECHECK_MS) {
      void refreshAccount(core).catch(() => undefined);
    }
    return {
      hasToken: token.length > 0,
      language: settings.language,
      defaultMode: settings.defaultMode,
      spendingGuard: settings.spendingGuard,
      plan: account.plan,
      balances: toAccountView(account).balances,
      autoLoad: settings.autoLoadTranscripts,
    };
  }

  const langOf = async (lang: string | undefined) => lang ?? (await core.connection()).settings.language;

  async function content(message: ContentMessage, sender: SenderLike): Promise<Reply<unknown>> {
    if ('videoId' in message) await panelTabs.seen(sender.tab?.id, message.videoId);
    switch (message.type) {
      case 'hello':
        return ok({ videoId: message.videoId, tabId: sender.tab?.id ?? null });
      case 'transcript.get':
        return guarded(async () => spend.getTranscript(sender, message.videoId, await langOf(message.lang)));
      case 'transcript.load':
        return guarded(async () => spend.loadTranscript(sender, message, await langOf(message.lang)));
      case 'panel.context':
        return guarded(panelContext);
      case 'analysis.estimate':
        return guarded(() => spend.estimate(sender, message));
      case 'analysis.start':
        return guarded(() => spend.startAnalysis(sender, message));
      case 'analysis.get':
        return guarded(() => analysisState(core, message.videoId));
      case 'analysis.recheck':
        return guarded(() => recheckAnalysis(core, tracking, message.videoId));
      case 'ask.quote':
        return guarded(() => spend.askQuote(sender, message.videoId));
      case 'ask.send':
        return guarded(() => spend.ask(sender, message));
      case 'ask.history':
        return guarded(() => askHistory(core, message.videoId));
      case 'balances.get':
        return guarded(async () => toAccountView(await accountStore.get()).balances);
    }
  }

  /** A new token is another account: forget its balances, stop the old account's polls. */
  async function switchAccount(token: string): Promise<void> {
    await tokenItem.setValue(token);
    await accountStore.reset();
    await tracking.switchAccount();
  }

  async function page(message: PageMessage): Promise<Reply<unknown>> {
    switch (message.type) {
      case 'ping':
        return ok({ pong: true });
      case 'settings.get':
        return guarded(async () => {
          const { settings, token } = await core.connection();
          return { settings, hasToken: token.length > 0 };
        });
      case 'settings.set': {
        const address = message.patch.serviceUrl;
        // The token goes to a new address only once the browser has granted its host permission.
        if (address !== undefined) {
          const granted = await browser.permissions.contains({ origins: [originPattern(address)] }).catch(() => false);
          if (!granted) {
            return fail(
              'not_permitted',
              `Transcript Lens has no permission to reach ${new URL(address).origin}; the address was not changed.`,
            );
          }
        }
        return guarded(async () => {
          const settings = await writeSettings(message.patch);
          if (message.patch.cacheBudgetMb !== undefined) {
            await (await core.cache()).setBudget(settings.cacheBudgetMb * 1024 * 1024);
          }
          return { settings };
        });
      }
      case 'token.set': {
        const token = message.token.trim();
        if (!isPlausibleToken(token)) {
          return fail('bad_token', 'That does not look like an API token: paste it without spaces or line breaks.');
        }
        if (token !== (await readToken())) await switchAccount(token);
        return ok({ hasToken: true });
      }
      case 'token.clear':
        await switchAccount('');
        return ok({ hasToken: false });
      case 'account.get':
        return guarded(async () => {
          const view = message.refresh ? await refreshAccount(core) : toAccountView(await accountStore.get());
          return { ...view, tokenHint: tokenHint(await readToken()) };
        });
      case 'jobs.list':
        return guarded(async () =>
          (await jobStore.all(await core.account())).sort((a, b) => b.startedAt - a.startedAt).map(toJobView),
        );
      case 'cache.usage':
        return guarded(async () => (await core.cache()).usage());
      case 'cache.clear':
        return guarded(async () => {
          // Saved transcripts only: paid analyses and answers are kept (buying them again costs AI Units).
          const cache = await core.cache();
          await cache.clearKind('transcript');
          return cache.usage();
        });
      case 'watchlists.list':
        return guarded(() => watchlists(core));
      case 'watchlists.activity':
        return guarded(() => watchlistActivity(core, message.watchlistId));
      case 'menu.pending': {
        const pending = await guarded(() => menu.pending(message.requestId));
        return pending.ok && pending.data === null ? fail('expired', EXPIRED) : pending;
      }
      case 'menu.confirm': {
        const result = await guarded(() => menu.confirm(message.requestId, message.accept));
        return result.ok && result.data === null ? fail('expired', EXPIRED) : result;
      }
    }
  }

  return { content, page };
}
