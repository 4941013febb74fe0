import { browser } from 'wxt/browser';
import { type FromFrame, framePortName, lineMessages, readToFrame, type ToFrame } from '../../../utils/protocol/frame';
import { type FrameLine, frameLine, readLineOffer } from '../../../utils/protocol/frame-line';

/** The content script's words (utils/protocol/frame.ts): the language and catalogue the panel is drawn in. */
export type PageWords = Extract<ToFrame, { t: 'words' }>;

/**
 * The frame's line to the content script. Messages that come before the panel listens (the video, the player's
 * state) are kept for it, as is the news that the line broke: a port drops what no listener hears. What the frame
 * posts before the line is open (its first height, in Firefox) waits for it.
 */
export type PageLine = {
  /** The words the content script sends first; null if anything else or the line's end comes first. */
  words: Promise<PageWords | null>;
  post(message: FromFrame): void;
  /** Hears every message, the kept ones first; returns a stop function. */
  listen(onMessage: (raw: unknown) => void, onGone: () => void): () => void;
};

/** A line whose port is given to it once (attach), before or after the panel starts using it. */
function createPageLine(): PageLine & { attach(port: FrameLine): void } {
  let port: FrameLine | null = null;
  const kept: unknown[] = [];
  const waiting: FromFrame[] = [];
  let gone = false;
  let hear: ((raw: unknown) => void) | null = null;
  let bury: (() => void) | null = null;
  let told: ((words: PageWords | null) => void) | null = null;
  const words = new Promise<PageWords | null>((resolve) => {
    told = resolve;
  });
  // The first message only: words later on the line are nothing to the panel.
  const first = (raw: unknown): boolean => {
    if (!told) return false;
    const message = readToFrame(raw);
    told(message?.t === 'words' ? message : null);
    told = null;
    return message?.t === 'words';
  };
  const send = (open: FrameLine, message: FromFrame) => {
    try {
      open.postMessage(message);
    } catch {
      // Disconnected meanwhile: onDisconnect says so.
    }
  };
  return {
    words,
    attach(next) {
      port = next;
      next.onMessage.addListener((raw: unknown) => {
        for (const one of lineMessages(raw)) {
          if (first(one)) continue;
          if (hear) hear(one);
          else kept.push(one);
        }
      });
      next.onDisconnect.addListener(() => {
        gone = true;
        told?.(null);
        bury?.();
      });
      for (const message of waiting.splice(0)) send(next, message);
    },
    post(message) {
      if (gone) return;
      if (port) send(port, message);
      else waiting.push(message);
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

/**
 * Chromium: opens the frame's line to the content script of the tab it is in (its top frame), named with the token
 * the content script put in this frame's address: that script answers only the frame it made. Null outside a tab.
 */
export async function connectToPage(token: string): Promise<PageLine | null> {
  const tab = await browser.tabs.getCurrent().catch(() => undefined);
  if (tab?.id === undefined) return null;
  const line = createPageLine();
  line.attach(browser.tabs.connect(tab.id, { frameId: 0, name: framePortName(token) }));
  return line;
}

/**
 * Firefox: an extension frame in a web page gets only a content script's APIs (no `tabs`) and hears no content
 * script's runtime.connect, so the content script hands it a MessageChannel at its load (utils/protocol/frame-line.ts).
 * The first offer from the top window carrying this frame's token is the line; everything else posted to the frame
 * (a page script's messages) is ignored. Call it before anything awaits: the offer comes once, at the frame's load.
 */
export function acceptFromPage(token: string): PageLine {
  const line = createPageLine();
  const onOffer = (event: MessageEvent) => {
    if (event.source !== window.top) return;
    const port = readLineOffer(event.data, event.ports, token);
    if (!port) return;
    window.removeEventListener('message', onOffer);
    line.attach(frameLine(port));
  };
  window.addEventListener('message', onOffer);
  return line;
}
