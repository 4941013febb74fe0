import type { AnalysisMode } from '../../../utils/api/schemas';
import type { ConsentPending, ConsentResult } from '../../../utils/consent/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import type { ChannelBuying } from '../channel/channel-buying';
import type { VideoSearch } from '../channel/video-search';
import { quotes } from '../consent/quotes';
import type { Core } from '../core/core';
import type { Library } from '../library/library';
import { estimateFor, startAnalysis, type Tracker } from '../panel/analysis';
import type { PanelBuying } from '../panel/panel-buying';
import type { Till } from '../till';
import { analysisPrice, bulkPrice, searchPrice } from './prices';
import type { HeldPurchase } from './store';

type Deps = {
  core: Core & { till: Till };
  tracker: Tracker;
  spend: PanelBuying;
  channels: ChannelBuying;
  videoSearch: VideoSearch;
  library: Library;
};

/**
 * What each purchase confirmed in the window costs now, and how the window's Spend makes it: through the very
 * calls the panel used to make, so each is still bound to its quote (tab, account, subject, ids, mode, words,
 * range) and refused when its price grew. Those quotes were issued to the panel's tab, and the purchase is
 * made for that tab.
 */
export function createHeldBuying({ core, tracker, spend, channels, videoSearch, library }: Deps) {
  return {
    /** `forView`: for the window to show (learns an unknown balance, free); else Spend's check of the price. */
    price(p: HeldPurchase, forView: boolean): Promise<ConsentPending> {
      switch (p.kind) {
        case 'menu':
          return analysisPrice(core, { ...p, partial: false }, forView);
        case 'analysis':
          return analysisPrice(core, { ...p, title: p.title ?? null }, forView);
        case 'bulk':
          return bulkPrice(core, { ...p, format: p.format ?? 'srt' }, forView);
        case 'search':
          return searchPrice(core, library, { ...p, range: { from: p.from, to: p.to } }, forView);
      }
    },

    async perform(p: HeldPurchase, tabId: number | null): Promise<ConsentResult> {
      const panel: SenderLike = { tab: { ...(tabId !== null && { id: tabId }) } };
      switch (p.kind) {
        case 'menu': {
          const request = { videoId: p.videoId, mode: p.mode, partial: false, guardConfirmed: true, notify: true };
          return {
            kind: 'analysis',
            job: await startAnalysis(core, tracker, { ...request, ...(p.title && { title: p.title }) }),
          };
        }
        case 'analysis': {
          const { kind: _kind, ...start } = p;
          return {
            kind: 'analysis',
            job: await spend.startAnalysis(panel, { type: 'analysis.start', ...start }, true),
          };
        }
        case 'bulk':
          return { kind: 'bulk', run: await channels.bulkStart(panel, p) };
        case 'search': {
          const range = { from: p.from, to: p.to };
          return { kind: 'search', found: await videoSearch.service(panel, { ...p, range }) };
        }
      }
    },

    /**
     * The same analysis in another mode, chosen in the window (free): a panel's purchase gets a new quote for
     * its tab at the new mode's price, so Spend still buys only what the window showed.
     */
    async withMode(p: HeldPurchase, tabId: number | null, mode: AnalysisMode): Promise<HeldPurchase> {
      if (p.kind === 'menu') return { ...p, mode };
      if (p.kind !== 'analysis') return p;
      const cost = await estimateFor(core, p.videoId, mode, p.partial, p.durationSeconds);
      const quoteId = await quotes.issue({
        tabId,
        account: await core.account(),
        videoId: p.videoId,
        purchase: { kind: 'analysis', mode, partial: p.partial, aiUnits: cost.aiUnits, guardNeeded: cost.exceedsGuard },
      });
      return { ...p, mode, quoteId };
    },

    /** The window's sentence once Spend went through. */
    doneSentence(p: HeldPurchase): string {
      if (p.kind === 'menu') return t('background.consent.doneMenu');
      if (p.kind === 'analysis') return t('background.consent.doneAnalysis');
      if (p.kind === 'bulk') return t('background.consent.doneBulk');
      return t('background.consent.doneSearch');
    },
  };
}

export type HeldBuying = ReturnType<typeof createHeldBuying>;
