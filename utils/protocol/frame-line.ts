/**
 * The content script's line to the panel's frame, as both ends use it: a runtime port in Chromium, a
 * MessageChannel's port in Firefox (frameLine below). Only what the two ends call.
 */
export type FrameLine = {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (raw: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};

/**
 * Whether the line is a MessageChannel (Firefox's build). Compared as a string: Vitest gives every one of WXT's
 * browser flags as a string, so `import.meta.env.FIREFOX` is "false", which is truthy, under test.
 */
export const LINE_BY_CHANNEL = import.meta.env.BROWSER === 'firefox';

/** The one message that hands the frame its line in Firefox: the token from the frame's address, and a port. */
export const LINE_OFFER = 'tl-panel-line';

/**
 * Firefox gives an extension frame in a web page only a content script's APIs (no `tabs`), and a content script's
 * runtime.connect does not reach that frame: the content script hands it one end of a MessageChannel instead,
 * posted to the frame's own origin only, with the token only it and the frame know. A page script can post to the
 * frame too, but not with the token, and cannot read what goes over the channel.
 */
export function frameLine(port: MessagePort): FrameLine {
  const gone = new Set<() => void>();
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    port.close();
    for (const listener of [...gone]) listener();
  };
  port.start();
  return {
    postMessage(message) {
      if (!open) throw new Error('the line is closed');
      port.postMessage(message);
    },
    disconnect() {
      if (!open) return;
      // The other end hears it as a port's disconnect: a MessagePort says nothing when closed.
      port.postMessage({ t: 'bye' });
      open = false;
      port.close();
    },
    onMessage: {
      addListener(listener) {
        port.addEventListener('message', (event: MessageEvent) => {
          if (!open) return;
          const data: unknown = event.data;
          if (typeof data === 'object' && data !== null && 't' in data && data.t === 'bye') close();
          else listener(data);
        });
      },
    },
    onDisconnect: {
      addListener(listener) {
        gone.add(listener);
      },
    },
  };
}

/** The frame's MessageChannel port when `data` and `ports` are exactly the offer for `token`; else null. */
export function readLineOffer(data: unknown, ports: readonly MessagePort[], token: string): MessagePort | null {
  if (typeof data !== 'object' || data === null || ports.length !== 1) return null;
  const offer = data as Record<string, unknown>;
  if (offer.t !== LINE_OFFER || offer.token !== token || Object.keys(offer).length !== 2) return null;
  return ports[0] ?? null;
}
