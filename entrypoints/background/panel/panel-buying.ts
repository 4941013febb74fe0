import { analysesInWindow } from '../../../utils/analysis-window';
import { t } from '../../../utils/i18n/catalogue';
import type { AnswerEntry, AskQuote, JobReply, QuotedEstimate, TranscriptLookup } from '../../../utils/panel/replies';
import type { SenderLike } from '../../../utils/protocol/receive';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { ConsentError, confirmInWindow, quotes } from '../consent/quotes';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import { savedTranscript } from '../saved/transcripts';
import type { Till } from '../till';
import { estimateFor, startAnalysis, type Tracker } from './analysis';
import { tabShows } from './analysis-length';
import { AI_UNITS_PER_QUESTION, askableJob, askQuestion } from './ask';
import { autoRefusal } from './auto-load';
import { buyTranscript, transcriptPrice } from './buy-transcript';
import { videoLengths } from './video-lengths';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'rest' | 'setPlan'> & {
  till: Till;
};

type Msg<K extends ContentMessage['type']> = Extract<ContentMessage, { type: K }>;

/** Where a quote is bound: the tab that shows the price, the account, the video. */
const whereOf = async (core: Pick<Core, 'account'>, sender: SenderLike, videoId: string) => ({
  tabId: sender.tab?.id ?? null,
  account: await core.account(),
  videoId,
});

/** A transcript not loaded: its price and a quote for this tab, with what the panel should say (`note`). */
async function notLoadedQuote(core: CoreNeeds, sender: SenderLike, videoId: string, lang: string, note?: string) {
  const price = await transcriptPrice(core);
  const quoteId = await quotes.issue({
    ...(await whereOf(core, sender, videoId)),
    purchase: { kind: 'transcript', lang },
  });
  return { status: 'not_loaded' as const, videoId, quote: { ...price, quoteId }, ...(note && { note }) };
}

/**
 * Everything the panel can buy, each behind a quote (consent ticket, ../consent/quotes.ts): the price is issued to the
 * tab that shows it, and the purchase must name it. Nothing already held is bought again.
 */
export function createPanelBuying(core: CoreNeeds, tracker: Tracker) {
  const where = (sender: SenderLike, videoId: string) => whereOf(core, sender, videoId);
  const notLoaded = (sender: SenderLike, videoId: string, lang: string, note?: string) =>
    notLoadedQuote(core, sender, videoId, lang, note);

  return {
    /**
     * Free: the saved transcript, or its price and a quote. An earlier request that may have been charged without
     * its answer arriving (a stopped worker's, a timed-out one) is said with the price, so the person decides.
     */
    async getTranscript(sender: SenderLike, videoId: string, lang: string): Promise<TranscriptLookup> {
      const saved = await savedTranscript(core, videoId, lang);
      if (!saved) {
        const unsure = (await core.till.unknownTranscripts()).has(videoId);
        return notLoaded(sender, videoId, lang, unsure ? t('background.auto.mayHaveBeenCharged') : undefined);
      }
      return saved.otherTrack ? { ...saved, quote: (await notLoaded(sender, videoId, lang)).quote } : saved;
    },

    async loadTranscript(sender: SenderLike, message: Msg<'transcript.load'>, lang: string): Promise<TranscriptLookup> {
      const saved = await savedTranscript(core, message.videoId, lang);
      // Another language's saved track is enough for an automatic load; a person asking for this language buys it.
      if (saved && (!saved.otherTrack || 'auto' in message.consent)) return saved;
      if ('auto' in message.consent) {
        const refusal = await autoRefusal(core, sender, message.videoId);
        if (refusal) return notLoaded(sender, message.videoId, lang, refusal);
      } else {
        const quoted = await quotes.take(message.consent.quoteId, {
          ...(await where(sender, message.videoId)),
          kind: 'transcript',
        });
        // Bound to the language priced: another track is another purchase.
        if (quoted.kind !== 'transcript' || quoted.lang !== lang) {
          throw new ConsentError(t('background.check.otherLanguage'));
        }
      }
      // A timeout or unreadable answer comes back from the till saying it may have been charged.
      return buyTranscript(core, message.videoId, lang, 'auto' in message.consent ? 'auto' : 'panel');
    },

    async estimate(sender: SenderLike, message: Msg<'analysis.estimate'>): Promise<QuotedEstimate> {
      if (tabShows(sender, message.videoId)) await videoLengths.seen(message.videoId, message.durationSeconds);
      const cost = await estimateFor(core, message.videoId, message.mode, message.partial, message.durationSeconds);
      const quoteId = await quotes.issue({
        ...(await where(sender, message.videoId)),
        purchase: {
          kind: 'analysis',
          mode: message.mode,
          partial: message.partial,
          aiUnits: cost.aiUnits,
          guardNeeded: cost.exceedsGuard,
        },
      });
      return { ...cost, quoteId };
    },

    /** `inWindow`: confirmed in the extension's window (../confirm/window.ts), the only place above the guard. */
    async startAnalysis(sender: SenderLike, message: Msg<'analysis.start'>, inWindow = false): Promise<JobReply> {
      const quoted = await quotes.take(message.quoteId, {
        ...(await where(sender, message.videoId)),
        kind: 'analysis',
      });
      if (quoted.kind !== 'analysis' || quoted.mode !== message.mode || quoted.partial !== message.partial) {
        throw new ConsentError(t('background.check.otherAnalysis'));
      }
      if (quoted.guardNeeded && !inWindow) throw new ConsentError(confirmInWindow());
      const now = await estimateFor(core, message.videoId, message.mode, message.partial, message.durationSeconds);
      // Firefox: nothing that costs is started from a click in the panel (utils/analysis-window.ts).
      if (analysesInWindow() && !inWindow && !now.alreadyPaid) throw new ConsentError(confirmInWindow());
      // The price shown must not be lower than the charge: a known price that grew needs a new look.
      if (now.aiUnits !== null && quoted.aiUnits !== null && now.aiUnits > quoted.aiUnits) {
        throw new ConsentError(t('background.check.costChanged', { n: now.aiUnits }));
      }
      const request = {
        videoId: message.videoId,
        mode: message.mode,
        partial: message.partial,
        guardConfirmed: inWindow || !now.exceedsGuard,
        ...(message.durationSeconds !== undefined && { durationSeconds: message.durationSeconds }),
        ...(message.title && { title: message.title }),
      };
      return startAnalysis(core, tracker, request, now);
    },

    async askQuote(sender: SenderLike, videoId: string): Promise<AskQuote> {
      await askableJob(core, videoId);
      const quoteId = await quotes.issue({ ...(await where(sender, videoId)), purchase: { kind: 'ask' } });
      return { quoteId, aiUnits: AI_UNITS_PER_QUESTION, balance: (await accountStore.get()).aiUnits };
    },

    async ask(sender: SenderLike, message: Msg<'ask.send'>): Promise<AnswerEntry> {
      await quotes.take(message.quoteId, { ...(await where(sender, message.videoId)), kind: 'ask' });
      return askQuestion(core, message.videoId, message.question);
    },
  };
}

export type PanelBuying = ReturnType<typeof createPanelBuying>;
