import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type Browser, browser, type PublicPath } from 'wxt/browser';
import { catalogueSnapshot, t } from '../../utils/i18n/catalogue';
import { tabFromHash } from '../../utils/panel/url';
import { FRAME_PATH, framePortName, readFromFrame } from '../../utils/protocol/frame';
import { frameLine, LINE_BY_CHANNEL, LINE_OFFER } from '../../utils/protocol/frame-line';
import { useReportLength } from '../hooks/useReportLength';
import { listenBroadcasts, send } from './background-line';
import { type Port, post, usePageFeed, usePlayerFeed } from './frame-feeds';
import { rememberFrameHeight } from './frame-height';
import { pageTitle } from './page-title';
import { useProgressMarkers } from './useProgressMarkers';
import type { WatchPanelProps } from './watch-panel';

type Sender = Browser.runtime.MessageSender | undefined;

/**
 * The frame's address. The build writes its document beside its script (scripts/frame-page.ts), so WXT's list of
 * public paths, made from the entrypoints, does not name it.
 */
const frameUrl = (token: string): string => `${browser.runtime.getURL(FRAME_PATH as string as PublicPath)}#${token}`;

/** A port from this extension's panel frame (its page, not another extension's, not a content script). */
function fromFrame(sender: Sender): boolean {
  if (sender?.id !== browser.runtime.id || !sender.url) return false;
  try {
    return new URL(sender.url).pathname === FRAME_PATH;
  } catch {
    return false;
  }
}

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
  const [port, setPort] = useState<Port | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  // The last page's first height, in the task that put the frame into the page: styled and laid out once.
  useLayoutEffect(() => {
    if (firstHeight !== null && frame.current) frame.current.style.height = `${firstHeight}px`;
  }, []);

  // Listening before the frame can load: a layout effect runs in the task that put the frame into the page.
  useLayoutEffect(() => {
    let current: Port | null = null;
    const accept = (candidate: Port) => {
      current = candidate;
      let first = true;
      candidate.onMessage.addListener((raw: unknown) => {
        const message = readFromFrame(raw);
        if (message?.t === 'seek') player.seek(message.seconds);
        if (message?.t !== 'height' || !frame.current) return;
        // The same height again would style the page again for nothing.
        const height = `${message.px}px`;
        if (frame.current.style.height !== height) frame.current.style.height = height;
        if (first) rememberFrameHeight(message.px, firstHeight);
        first = false;
      });
      candidate.onDisconnect.addListener(() => {
        if (current !== candidate) return;
        current = null;
        setPort(null);
      });
      setPort(candidate);
    };
    if (LINE_BY_CHANNEL) {
      // Firefox: the frame can neither open a port to this script nor be reached by one (utils/protocol/frame-line.ts);
      // this side hands it a channel at each load, to the extension's origin only.
      const element = frame.current;
      const onLoad = () => {
        current?.disconnect();
        const target = element?.contentWindow;
        if (!element || !target) return;
        const channel = new MessageChannel();
        target.postMessage({ t: LINE_OFFER, token }, new URL(element.src).origin, [channel.port2]);
        accept(frameLine(channel.port1));
      };
      element?.addEventListener('load', onLoad);
      return () => {
        element?.removeEventListener('load', onLoad);
        current?.disconnect();
      };
    }
    const onConnect = (candidate: Browser.runtime.Port) => {
      if (candidate.name !== framePortName(token)) return;
      // One frame at a time, and only this extension's (a reloaded frame connects again once the first is gone).
      if (current || !fromFrame(candidate.sender)) {
        candidate.disconnect();
        return;
      }
      accept(candidate);
    };
    browser.runtime.onConnect.addListener(onConnect);
    return () => {
      browser.runtime.onConnect.removeListener(onConnect);
      current?.disconnect();
    };
  }, [token, player]);

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
