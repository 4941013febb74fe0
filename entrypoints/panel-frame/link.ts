import { type Browser, browser } from 'wxt/browser';
import { type FromFrame, framePortName } from '../../utils/protocol/frame';

type Port = Browser.runtime.Port;

/**
 * The frame's line to the content script. Messages that come before the panel listens (the video, the player's
 * state) are kept for it, as is the news that the line broke: a port drops what no listener hears.
 */
export type PageLink = {
  post(message: FromFrame): void;
  /** Hears every message, the kept ones first; returns a stop function. */
  listen(onMessage: (raw: unknown) => void, onGone: () => void): () => void;
};

/**
 * Opens the frame's line to the content script of the tab it is in (its top frame), named with the token the
 * content script put in this frame's address: that script answers only the frame it made. Null outside a tab.
 */
export async function connectToPage(token: string): Promise<PageLink | null> {
  const tab = await browser.tabs.getCurrent().catch(() => undefined);
  if (tab?.id === undefined) return null;
  const port: Port = browser.tabs.connect(tab.id, { frameId: 0, name: framePortName(token) });
  const kept: unknown[] = [];
  let gone = false;
  let hear: ((raw: unknown) => void) | null = null;
  let bury: (() => void) | null = null;
  port.onMessage.addListener((raw: unknown) => {
    if (hear) hear(raw);
    else kept.push(raw);
  });
  port.onDisconnect.addListener(() => {
    gone = true;
    bury?.();
  });
  return {
    post(message) {
      if (gone) return;
      try {
        port.postMessage(message);
      } catch {
        // Disconnected meanwhile: onDisconnect says so.
      }
    },
    listen(onMessage, onGone) {
      hear = onMessage;
      bury = onGone;
      for (const raw of kept.splice(0)) onMessage(raw);
      if (gone) onGone();
      return () => {
        hear = null;
        bury = null;
      };
    },
  };
}
