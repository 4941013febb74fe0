import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { type Browser, browser } from 'wxt/browser';
import { FRAME_PATH, framePortName, readFromFrame } from '../../utils/protocol/frame';
import { frameLine, LINE_BY_CHANNEL, LINE_OFFER } from '../../utils/protocol/frame-line';
import type { PlayerBridge } from '../player';
import type { Port } from './frame-feeds';
import { rememberFrameHeight } from './frame-height';

type Sender = Browser.runtime.MessageSender | undefined;

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
 * The line to the panel's frame (PanelFrame), open while the frame is: its seeks go to the player, its height sizes
 * the frame, which starts at the last page's first height. A port in Chromium; in Firefox a channel this side hands
 * the frame at each load.
 */
export function useFramePort(
  frame: RefObject<HTMLIFrameElement>,
  token: string,
  player: PlayerBridge,
  firstHeight: number | null,
): Port | null {
  const [port, setPort] = useState<Port | null>(null);

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

  return port;
}
