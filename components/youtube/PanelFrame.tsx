import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser, type PublicPath } from 'wxt/browser';
import { catalogueSnapshot, t } from '../../utils/i18n/catalogue';
import { tabFromHash } from '../../utils/panel/url';
import { FRAME_PATH } from '../../utils/protocol/frame';
import { LINE_BY_CHANNEL } from '../../utils/protocol/frame-line';
import { useReportLength } from '../hooks/useReportLength';
import { listenBroadcasts, send } from './background-line';
import { type Port, post, usePageFeed, usePlayerFeed } from './frame-feeds';
import { pageTitle } from './page-title';
import { useFramePort } from './useFramePort';
import { useProgressMarkers } from './useProgressMarkers';
import type { WatchPanelProps } from './watch-panel';

/**
 * The frame's address. The build writes its document beside its script (scripts/frame-page.ts), so WXT's list of
 * public paths, made from the entrypoints, does not name it.
 */
const frameUrl = (token: string): string => `${browser.runtime.getURL(FRAME_PATH as string as PublicPath)}#${token}`;

/**
 * First on each line, before the video: the frame draws in this script's language and words (protocol/frame.ts).
 * In the task that gave the port: they leave with the video and the feeds' first news, one message (frame-feeds.ts).
 */
function useWordsFirst(port: Port | null): void {
  useLayoutEffect(() => {
    if (!port) return;
    const { locale, messages } = catalogueSnapshot();
    post(port, { t: 'words', locale, entries: messages });
  }, [port]);
}

/**
 * The watch page's panel as a frame of the extension's own (entrypoints/panel-frame/): the panel renders in the
 * extension's process, off the page's main thread, where the page's scripts cannot reach. This side keeps what
 * only the page has: the player (its time out, seeks in), the theme, the address's tab, the background's pushes
 * to this tab, the progress-bar markers. The frame is kept across videos: a new video is a message.
 */
export function PanelFrame({ videoId, player, prefs, firstHeight }: WatchPanelProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [token] = useState(() => crypto.randomUUID());
  const [refreshKey, setRefreshKey] = useState(0);

  const port = useFramePort(frame, token, player, firstHeight);

  // prefs: what the page knew when this video's panel was asked for (a change alone is no new video); the
  // frame's panel keeps its own after. A layout effect: the video leaves in the task that rendered it, not after
  // the next frame, so a saved transcript shows a frame sooner after each navigation.
  useWordsFirst(port);
  useLayoutEffect(() => {
    if (port) post(port, { t: 'video', videoId, title: pageTitle(videoId), tab: tabFromHash(location.hash), prefs });
  }, [port, videoId]);

  usePlayerFeed(port, player);

  useEffect(
    () =>
      listenBroadcasts((message) => {
        if (message.type === 'analysis.updated' && message.videoId === videoId) {
          setRefreshKey((k) => k + 1);
          if (port) post(port, { t: 'refresh' });
        }
        if (message.type === 'panel.toggle' && port) post(port, { t: 'toggle' });
        if (message.type === 'panel.openTab' && port) post(port, { t: 'tab', tab: message.tab });
      }),
    [port, videoId],
  );

  usePageFeed(port);

  useProgressMarkers(videoId, player, refreshKey);
  // Only the tab showing a video may say its length (background: tabShows), and Firefox shows the background no
  // address for a frame's tab (no host permission for YouTube's tabs): the page's own script says it there.
  useReportLength(videoId, player, LINE_BY_CHANNEL ? send : null);

  return (
    <iframe
      ref={frame}
      class="tl-frame"
      title={t('panel.product')}
      // Before src: a frame's permissions are fixed when it loads (the panel's Copy buttons). Any origin: Chromium
      // loads the frame from the extension's dynamic address (use_dynamic_url), whose origin is not the frame's.
      allow="clipboard-write *"
      src={frameUrl(token)}
    />
  );
}
