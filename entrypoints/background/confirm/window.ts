import { browser } from 'wxt/browser';
import type { AnalysisMode } from '../../../utils/api/schemas';
import type {
  ConsentDecision,
  ConsentOpened,
  ConsentPending,
  ConsentResult,
  ConsentStatus,
} from '../../../utils/consent/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { createSerial } from '../../../utils/serial';
import { ConsentError } from '../consent/quotes';
import type { Core } from '../core/core';
import { Refusal, replyFromError } from '../core/replies';
import type { HeldBuying } from './held-buying';
import { CONSENT_TTL_MS, type HeldPurchase, type Pending, consentStore as store } from './store';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account'>;

const noWindow = () => t('background.consent.noWindow');
const gone = () => t('background.consent.gone');
const KEPT_RESULTS = 20;

/** What a window is for, so one tab has at most one window per purchase (a video, a channel). */
const slot = (p: HeldPurchase) => `${p.kind}:${'videoId' in p ? p.videoId : p.channel}`;
const sameBuy = (a: HeldPurchase, b: HeldPurchase) =>
  JSON.stringify({ ...a, quoteId: null }) === JSON.stringify({ ...b, quoteId: null });

/** Brings the window to the front; false when it is gone (closed meanwhile). */
const focus = (windowId: number | null) =>
  windowId === null
    ? Promise.resolve(false)
    : browser.windows.update(windowId, { focused: true }).then(
        (found) => found !== undefined,
        () => false,
      );

async function openWindow(requestId: string): Promise<number> {
  const url = browser.runtime.getURL(`/confirm.html?request=${encodeURIComponent(requestId)}`);
  const created = await browser.windows.create({ url, type: 'popup', width: 460, height: 560 });
  if (created?.id === undefined) throw new Error('no window id');
  return created.id;
}

type Serial = ReturnType<typeof createSerial>;

/** The record a window asks about, only from that window, for the account in use, while it is waiting. */
async function waitingFor(core: CoreNeeds, serial: Serial, sender: SenderLike, requestId: string): Promise<Pending> {
  // Behind an opening still under way: its window id is stored before the window is asked about.
  const p = await serial(() => store.get(requestId));
  if (p?.state !== 'waiting' || p.createdAt < Date.now() - CONSENT_TTL_MS) throw new Refusal('expired', gone());
  if (p.windowId === null || sender.tab?.windowId !== p.windowId || (sender.frameId ?? 0) !== 0) {
    throw new Refusal('forbidden_sender', t('background.consent.otherWindow'));
  }
  if (p.account !== (await core.account())) throw new Refusal('expired', gone());
  return p;
}

/** What became of a request, as the tab that asked it reads it (`result`: Spend's, while this worker keeps it). */
function statusOf(p: Pending, result: ConsentResult | null): ConsentStatus {
  if (p.state === 'spending') return { state: 'spending' };
  if (p.state === 'waiting') {
    return p.createdAt < Date.now() - CONSENT_TTL_MS ? { state: 'cancelled' } : { state: 'waiting' };
  }
  if (p.state === 'done') return { state: 'done', result };
  if (p.state === 'failed' && p.error) return { state: 'failed', error: p.error };
  return { state: 'cancelled' };
}

/**
 * Big spends are confirmed outside the page: the panel lives in the YouTube page, where a page script can make
 * its host transparent and move it under the person's cursor (clickjacking), so a real click could land on a
 * spend button. The extension's own window is a page no web page can reach, frame or cover. The panel (or the
 * context menu) only asks for it to be opened, which spends nothing; the window's Spend buys exactly the
 * purchase that was priced, through the same quote checks, never above the price it showed.
 */
export function createConsentWindow(core: CoreNeeds, held: HeldBuying) {
  // Opening is one at a time: two quick clicks find the first window instead of opening a second.
  const serial = createSerial();
  const results = new Map<string, ConsentResult>();

  const mine = (sender: SenderLike, requestId: string) => waitingFor(core, serial, sender, requestId);

  return {
    /** Free: opens (or brings to the front) the window for this purchase. */
    async open(tabId: number | null, purchase: HeldPurchase): Promise<ConsentOpened> {
      if (typeof browser.windows?.create !== 'function') throw new Refusal('no_window', noWindow());
      const account = await core.account();
      return serial(async () => {
        for (const [id, p] of await store.all()) {
          if (p.state !== 'waiting' || p.tabId !== tabId || slot(p.purchase) !== slot(purchase)) continue;
          if (sameBuy(p.purchase, purchase) && p.account === account && (await focus(p.windowId))) {
            return { requestId: id, focused: true };
          }
          // Another purchase in the same place replaces it: its window goes.
          await store.update(id, ['waiting'], { state: 'cancelled' });
          if (p.windowId !== null) await browser.windows.remove(p.windowId).catch(() => undefined);
        }
        const requestId = crypto.randomUUID();
        const base = { purchase, tabId, account, createdAt: Date.now(), shown: null, error: null };
        await store.add(requestId, { ...base, windowId: null, state: 'waiting' });
        try {
          await store.update(requestId, ['waiting'], { windowId: await openWindow(requestId) });
        } catch {
          await store.update(requestId, ['waiting'], { state: 'cancelled' });
          throw new Refusal('no_window', noWindow());
        }
        return { requestId, focused: false };
      });
    },

    /** Free: for the tab that asked, what became of it. */
    async status(tabId: number | null, requestId: string): Promise<ConsentStatus> {
      const p = await store.get(requestId);
      if (!p || p.tabId !== tabId) throw new Refusal('expired', gone());
      return statusOf(p, results.get(requestId) ?? null);
    },

    /** Free: the purchase the window shows, priced now: the most Spend may cost. */
    async pending(sender: SenderLike, requestId: string): Promise<ConsentPending> {
      const p = await mine(sender, requestId);
      const pending = await held.price(p.purchase, true);
      await store.update(requestId, ['waiting'], { shown: pending.price });
      return pending;
    },

    /** Free: an analysis the plan cannot make in its mode, in a mode the window offered; priced again. */
    async choose(sender: SenderLike, requestId: string, mode: AnalysisMode): Promise<ConsentPending> {
      const p = await mine(sender, requestId);
      if (p.purchase.kind !== 'analysis' && p.purchase.kind !== 'menu') {
        throw new Refusal('bad_request', t('background.consent.onlyAnalysisMode'));
      }
      const purchase = await held.withMode(p.purchase, p.tabId, mode);
      if (!(await store.update(requestId, ['waiting'], { purchase, shown: null })))
        throw new Refusal('expired', gone());
      return this.pending(sender, requestId);
    },

    /** The window's Spend (a person's click there) or Cancel. Spend is taken once. */
    async decide(sender: SenderLike, requestId: string, accept: boolean): Promise<ConsentDecision> {
      const p = await mine(sender, requestId);
      if (!accept) {
        await store.update(requestId, ['waiting'], { state: 'cancelled' });
        return { message: t('background.consent.nothingBought') };
      }
      if (!(await store.update(requestId, ['waiting'], { state: 'spending' }))) throw new Refusal('expired', gone());
      try {
        const now = await held.price(p.purchase, false);
        if (p.shown === null || now.price > p.shown) {
          const currency = now.unit === 'AI Units' ? 'aiUnits' : 'cloudRequests';
          const price = t('background.reconcile.amount', { currency, n: now.price });
          throw new ConsentError(t('background.consent.costNow', { price }));
        }
        if (now.refusal) throw new Refusal('cannot_spend', now.refusal);
        const result = await held.perform(p.purchase, p.tabId);
        results.set(requestId, result);
        // Kept for the panel to pick up; a worker holds only the latest few.
        for (const old of [...results.keys()].slice(0, -KEPT_RESULTS)) results.delete(old);
        await store.update(requestId, ['spending'], { state: 'done' });
        return { message: held.doneSentence(p.purchase) };
      } catch (error) {
        const reply = replyFromError(error);
        const failed = reply.ok ? null : { code: reply.error.code, message: reply.error.message };
        await store.update(requestId, ['spending'], { state: 'failed', error: failed });
        throw error;
      }
    },

    /** The window was closed without a decision: nothing is bought. */
    async closed(windowId: number): Promise<void> {
      for (const [id, p] of await store.all()) {
        if (p.windowId === windowId) await store.update(id, ['waiting'], { state: 'cancelled' });
      }
    },
  };
}

export type ConsentWindow = ReturnType<typeof createConsentWindow>;
