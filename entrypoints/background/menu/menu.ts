import { browser } from 'wxt/browser';
import { MAX_TITLE_CHARS } from '../../../utils/bounds';
import { channelFromPageUrl, channelPageUrl } from '../../../utils/channel/ref';
import { t } from '../../../utils/i18n/catalogue';
import { extractVideoId, videoIdFromPageUrl } from '../../../utils/video-id';
import type { ConsentWindow } from '../confirm/window';
import type { Core } from '../core/core';
import { replyFromError } from '../core/replies';
import { estimateFor, startAnalysis, type Tracker } from '../panel/analysis';
import { savedTitle } from '../saved/transcripts';
import { notifyMenuProblem } from '../surfaces/notify';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'rest' | 'setPlan'> & {
  till: Till;
};

export const MENU_LINK = 'tl-analyze-link';
export const MENU_PAGE = 'tl-analyze-page';
export const MENU_CHANNEL = 'tl-channel-link';

const YOUTUBE = ['www.youtube.com', 'youtube.com', 'm.youtube.com'];
/**
 * Links to a video in the forms people meet (share buttons, YouTube's own pages, older http links):
 * test/unit/menu/menus.test.ts holds the table. `watch?*` leaves out other pages named watch… (watch_videos).
 */
const VIDEO_LINKS = [
  ...[...YOUTUBE, 'music.youtube.com'].map((host) => `*://${host}/watch?*`),
  ...YOUTUBE.flatMap((host) => ['shorts', 'live'].map((form) => `*://${host}/${form}/*`)),
  ...['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'youtube-nocookie.com'].map(
    (host) => `*://${host}/embed/*`,
  ),
  '*://youtu.be/*',
];
/** Links to a channel in every URL form the channel view shows (channelFromPageUrl checks the rest). */
const CHANNEL_LINKS = YOUTUBE.flatMap((host) =>
  ['@*', 'channel/*', 'c/*', 'user/*'].map((path) => `*://${host}/${path}`),
);
const VIDEO_PAGES = [
  'https://www.youtube.com/watch*',
  'https://m.youtube.com/watch*',
  'https://www.youtube.com/shorts/*',
  'https://www.youtube.com/live/*',
];

/** Registers the menu items afresh (an update keeps the old ones, whose ids would then clash). */
export function createMenus(): Promise<void> {
  return browser.contextMenus.removeAll().then(() => {
    browser.contextMenus.create({
      id: MENU_LINK,
      title: t('background.menu.analyze'),
      contexts: ['link'],
      targetUrlPatterns: VIDEO_LINKS,
    });
    browser.contextMenus.create({
      id: MENU_CHANNEL,
      title: t('background.menu.listChannel'),
      contexts: ['link'],
      targetUrlPatterns: CHANNEL_LINKS,
    });
    browser.contextMenus.create({
      id: MENU_PAGE,
      title: t('background.menu.analyze'),
      contexts: ['page', 'video'],
      documentUrlPatterns: VIDEO_PAGES,
    });
  });
}

export type MenuClick = {
  menuItemId: string | number;
  linkUrl?: string;
  pageUrl?: string;
  srcUrl?: string;
  selectionText?: string;
};

/** The video a menu click is about: the link for link clicks, else the page (or the video element's page). */
export function videoOfClick(info: MenuClick): string | null {
  if (info.menuItemId === MENU_LINK) return extractVideoId(info.linkUrl ?? '');
  if (info.menuItemId === MENU_PAGE) return videoIdFromPageUrl(info.pageUrl ?? '');
  return null;
}

/**
 * "List this channel's uploads": opens the channel's uploads page, where the panel shows the channel view with
 * the price of listing. It spends nothing: listing still needs the person's click there.
 */
async function openChannel(linkUrl: string): Promise<{ started: false; opened?: string; error?: string }> {
  const channel = channelFromPageUrl(linkUrl.replace(/^http:\/\//i, 'https://'));
  if (channel === null) return { started: false, error: t('background.menu.notChannel') };
  const url = `${channelPageUrl(channel)}/videos`;
  await browser.tabs.create({ url });
  return { started: false, opened: url };
}

/**
 * "Analyze this video": uses the default mode. It starts at once only when the cost is known from a confirmed
 * length (a page's alone is priced as unknown: ../panel/analysis-length.ts), within the spending guard and the
 * balance; otherwise the confirmation window (../confirm/window.ts) shows the cost and
 * the balance and asks first. Nothing is spent without that consent. The job notifies when it ends (no panel
 * may be watching).
 */
export function createMenuActions(core: CoreNeeds, tracker: Tracker, consent: ConsentWindow) {
  type ClickResult = { started: boolean; requestId?: string; error?: string; opened?: string };

  async function click(info: MenuClick, tabTitle?: string): Promise<ClickResult> {
    if (info.menuItemId === MENU_CHANNEL) return openChannel(info.linkUrl ?? '');
    const videoId = videoOfClick(info);
    if (!videoId) return { started: false, error: t('background.menu.notVideo') };
    const { settings } = await core.connection();
    const mode = settings.defaultMode;
    const cost = await estimateFor(core, videoId, mode, false);
    // The tab's title where the browser gives it (Chromium leaves it out without the tabs permission, which this
    // extension does not ask for), else a saved transcript's: the notification names the video by it.
    const fromTab =
      info.menuItemId === MENU_PAGE && tabTitle ? tabTitle.replace(/ - YouTube$/, '').slice(0, MAX_TITLE_CHARS) : null;
    const title = fromTab || (await savedTitle(core, videoId));
    if (cost.aiUnits !== null && !cost.exceedsGuard && !cost.exceedsBalance && cost.modeAllowed) {
      await startAnalysis(core, tracker, {
        videoId,
        mode,
        partial: false,
        guardConfirmed: false,
        notify: true,
        path: 'menu',
        ...(title && { title }),
      });
      return { started: true };
    }
    const { requestId } = await consent.open(null, { kind: 'menu', videoId, mode, title });
    return { started: false, requestId };
  }

  return {
    /** What a menu click did; anything it could not do is also said in a notification (no panel may be open). */
    async onClick(info: MenuClick, tabTitle?: string): Promise<ClickResult> {
      let result: ClickResult;
      try {
        result = await click(info, tabTitle);
      } catch (error) {
        const reply = replyFromError(error);
        result = { started: false, error: reply.ok ? t('background.error.somethingWrong') : reply.error.message };
      }
      if (result.error) await notifyMenuProblem(result.error).catch(() => undefined);
      return result;
    },
  };
}
