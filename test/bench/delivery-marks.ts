import type { Page } from '@playwright/test';

/**
 * The bench's own clock starts, set from the outside: the product places no mark. Wrapped around the extension
 * APIs the panel talks through, they mark (`performance.mark`, in the world's timeline) the moment the browser
 * delivers something to the panel, just before the panel's own code hears it:
 *
 * - `replyMark(type)`: the background's reply to a `runtime.sendMessage` of that type (`transcript.get`,
 *   `channel.get`): the panel's data arriving;
 * - `portMark(t)`: a message of that kind (`player`) on a port the world opened with `tabs.connect`: the panel
 *   frame's line from the content script (components/youtube/frame/page-line.ts).
 */
export const replyMark = (type: string): string => `bench:reply:${type}`;
export const portMark = (kind: string): string => `bench:port:${kind}`;

/**
 * Wraps the world's `chrome.runtime.sendMessage` and `chrome.tabs.connect` (where it has them), once. Evaluated by
 * its text in the world (no named helpers inside: the bench's TypeScript loader would wrap them in a helper the
 * world lacks, so the marks' names are written out as replyMark and portMark make them); does nothing where there
 * is no extension API (a web page's own world).
 */
export function markDeliveries(): void {
  if (typeof chrome === 'undefined' || !chrome.runtime?.id || Reflect.get(globalThis, 'benchMarksDeliveries')) return;
  Reflect.set(globalThis, 'benchMarksDeliveries', true);
  const runtime = chrome.runtime;
  const send: unknown = Reflect.get(runtime, 'sendMessage');
  if (typeof send === 'function') {
    Reflect.set(runtime, 'sendMessage', (...args: unknown[]) => {
      const reply: unknown = Reflect.apply(send, runtime, args);
      const message = args[0];
      const type = typeof message === 'object' && message !== null ? Reflect.get(message, 'type') : undefined;
      // Registered before the caller's `await`, so this runs first when the reply comes.
      if (reply instanceof Promise && typeof type === 'string') {
        reply.then(
          () => performance.mark(`bench:reply:${type}`),
          () => undefined,
        );
      }
      return reply;
    });
  }
  const tabs = chrome.tabs;
  const connect: unknown = tabs ? Reflect.get(tabs, 'connect') : undefined;
  if (tabs && typeof connect === 'function') {
    Reflect.set(tabs, 'connect', (...args: unknown[]) => {
      const port: ReturnType<typeof chrome.tabs.connect> = Reflect.apply(connect, tabs, args);
      // Added before the caller gets the port, so this listener hears each message first.
      // A post may carry several messages, an array (utils/protocol/frame.ts, lineMessages): each is marked.
      port.onMessage.addListener((posted: unknown) => {
        for (const message of Array.isArray(posted) ? posted : [posted]) {
          const kind = typeof message === 'object' && message !== null ? Reflect.get(message, 't') : undefined;
          if (typeof kind === 'string') performance.mark(`bench:port:${kind}`);
        }
      });
      return port;
    });
  }
}

/** Marks deliveries in every extension frame the page loads from now on (the watch page's panel frame). */
export async function markInFrames(page: Page): Promise<void> {
  await page.addInitScript(markDeliveries);
}

/**
 * Marks deliveries in the content script's world of the page's top frame, now: an isolated world, reached
 * through CDP since Playwright evaluates in the page's own world only. Its marks are in the page's timeline,
 * which the page's own world reads. Once per document (the wrapper keeps across in-page navigations).
 */
export async function markInContentScript(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const worlds: Array<{ id: number; origin: string; type: unknown }> = [];
    cdp.on('Runtime.executionContextCreated', ({ context }) =>
      worlds.push({ id: context.id, origin: context.origin, type: context.auxData?.type }),
    );
    await cdp.send('Runtime.enable');
    const ours = worlds.filter((world) => world.type === 'isolated' && world.origin.startsWith('chrome-extension://'));
    const world = ours[0];
    if (!world || ours.length > 1) throw new Error(`expected one content script world, found ${ours.length}`);
    const { exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: `(${markDeliveries.toString()})()`,
      contextId: world.id,
    });
    if (exceptionDetails) throw new Error(`marking the content script's world: ${exceptionDetails.text}`);
  } finally {
    await cdp.detach();
  }
}
