import { browser } from 'wxt/browser';
import { t } from '../../utils/i18n/catalogue';
import type { SenderLike } from '../../utils/protocol/receive';
import type { ContentReplies } from '../../utils/protocol/replies';
import type { ContentMessage } from '../../utils/protocol/requests';
import { toAccountReply } from './account/account';
import { accountStore } from './core/account-store';
import { Refusal } from './core/replies';
import type { HandlerServices, HandlerTable } from './handler-services';
import { analysisState, recheckAnalysis } from './panel/analysis';
import { tabShows } from './panel/analysis-length';
import { askHistory, unsureQuestions } from './panel/ask';
import { panelContext } from './panel/context';
import { videoLengths } from './panel/video-lengths';

/** One handler per message, each returning the reply its type promises (utils/protocol/replies.ts). */
export type ContentHandlers = HandlerTable<ContentMessage, ContentReplies>;

/** The panel's messages (utils/protocol/requests.ts, ContentMessage), each to the service call that answers it. */
export function createContentHandlers(services: HandlerServices): ContentHandlers {
  const langOf = async (lang: string | undefined) => lang ?? (await services.core.connection()).settings.language;

  return {
    hello: async (m, sender) => ({ videoId: m.videoId, tabId: sender.tab?.id ?? null }),
    'transcript.get': async (m, sender) => services.spend.getTranscript(sender, m.videoId, await langOf(m.lang)),
    'transcript.load': async (m, sender) => services.spend.loadTranscript(sender, m, await langOf(m.lang)),
    'panel.context': () => panelContext(services.core),
    // The same answers as panel.context, transcript.get and notes.list, for the same sender (its quote is this
    // tab's): one round trip for the panel's first screen, not three.
    'panel.open': async (m, sender) => {
      const connection = await services.core.connection();
      const lang = connection.settings.language;
      const [context, transcript, notes] = await Promise.all([
        panelContext(services.core, connection),
        services.spend.getTranscript(sender, m.videoId, lang),
        services.notes.list(m.videoId),
      ]);
      return { context, lang, transcript, notes };
    },
    // Only the tab showing the video may say how long it is: any content sender could name any video.
    'video.length': async (m, sender) => {
      if (!tabShows(sender, m.videoId)) return { noted: false };
      await videoLengths.seen(m.videoId, m.durationSeconds);
      return { noted: true };
    },
    'analysis.estimate': (m, sender) => services.spend.estimate(sender, m),
    'analysis.start': (m, sender) => services.spend.startAnalysis(sender, m),
    'analysis.get': (m) => analysisState(services.core, m.videoId, services.tracking),
    'analysis.recheck': (m) => recheckAnalysis(services.core, services.tracking, m.videoId),
    'ask.quote': (m, sender) => services.spend.askQuote(sender, m.videoId),
    'ask.send': (m, sender) => services.spend.ask(sender, m),
    'ask.history': (m) => askHistory(services.core, m.videoId),
    'ask.unsure': async (m) => ({ questions: await unsureQuestions(services.core, m.videoId) }),
    'balances.get': async () => toAccountReply(await accountStore.get()).balances,
    'channel.get': (m, sender) => services.channels.get(sender, m.channel),
    'channel.list': (m, sender) => services.channels.list(sender, m.channel, m.quoteId),
    'bulk.quote': (m, sender) => services.channels.bulkQuote(sender, m.channel, m.ids),
    'bulk.status': (m, sender) => services.channels.bulkStatus(m.runId, sender.tab?.id),
    'bulk.current': (m) => services.channels.bulkCurrent(m.channel),
    'bulk.cancel': (m) => services.channels.bulkCancel(m.runId),
    // Only the run's own tab's save unpins its deliveries (channel/bulk.ts, fileSaved).
    'bulk.archive': (m, sender) => services.channels.archive(m, sender),
    'bulk.pieces': (m) => services.channels.pieces(m.runId, m.format, m.from),
    'search.local': (m) => services.videoSearch.local(m.query, m.ids, { from: m.from, to: m.to }),
    'search.quote': (m, sender) => services.videoSearch.quote(sender, { ...m, range: { from: m.from, to: m.to } }),
    'around.quote': (m, sender) => services.around.quote(sender, m),
    'around.read': (m, sender) => services.around.read(sender, m),
    // The panel's tab asks; content senders always have one (classifySender, utils/protocol/receive.ts).
    'consent.open': (m, sender) => services.consent.open(sender.tab?.id ?? null, m.purchase),
    'consent.status': (m, sender) => services.consent.status(sender.tab?.id ?? null, m.requestId),
    'library.open': async () => {
      await browser.tabs.create({ url: browser.runtime.getURL('/library.html') });
      return { opened: true };
    },
    'notes.list': (m) => services.notes.list(m.videoId),
    // Written only from the tab showing the video: another page's script cannot put words in this one's notes.
    'notes.put': async (m, sender) => {
      mustShow(sender, m.item.videoId);
      return services.notes.put(m.item);
    },
    'notes.remove': async (m, sender) => {
      mustShow(sender, m.videoId);
      return services.notes.remove(m.videoId, m.id);
    },
  };
}

/**
 * A tab whose address shows another video is refused. Firefox names no address for the panel frame's tab (the
 * add-on has no host permission for YouTube's tabs: docs/firefox.md), so there the frame's word is taken.
 */
function mustShow(sender: SenderLike, videoId: string): void {
  if (sender.tab?.url !== undefined && !tabShows(sender, videoId))
    throw new Refusal('not_this_video', t('background.notes.notThisVideo'));
}
