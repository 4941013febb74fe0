import { browser } from 'wxt/browser';

/**
 * The browser's words when no listener took a message: a worker that is stopping (idle for 30 s, or stopped by
 * the browser) or still starting can miss one. Such a message was never delivered, so sending it again cannot
 * buy anything twice. A message that reached the worker and lost its reply ("message port closed") is not sent
 * again: the background may have acted on it.
 */
const UNDELIVERED = /receiving end does not exist/i;

/** The waits before each new try, in ms: about 2 s in all, longer than a worker takes to start on a slow machine. */
export const RESEND_WAITS: readonly number[] = [100, 400, 1500];

/**
 * `runtime.sendMessage`, sent again while the message was not delivered and this extension is still there
 * (`runtime.id` is gone once it was updated or removed: then the page must be reloaded, and no wait helps).
 */
export async function sendToBackground(
  message: unknown,
  waits: readonly number[] = RESEND_WAITS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await browser.runtime.sendMessage(message);
    } catch (error) {
      const wait = waits[attempt];
      if (wait === undefined || !stillInstalled() || !UNDELIVERED.test(String(error))) throw error;
      await sleep(wait);
    }
  }
}

function stillInstalled(): boolean {
  try {
    return Boolean(browser.runtime?.id);
  } catch {
    return false;
  }
}
