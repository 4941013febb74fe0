import { browser } from 'wxt/browser';
import type { PageSend, Send } from './send';
import { type Reply, ReplySchema } from './wire';

/**
 * Sends a message to the background and returns its reply. A dead or reloaded extension, or a reply
 * of the wrong shape, becomes an error reply instead of an exception.
 */
async function ask<T>(message: unknown): Promise<Reply<T>> {
  try {
    const raw: unknown = await browser.runtime.sendMessage(message);
    const parsed = ReplySchema.safeParse(raw);
    if (!parsed.success)
      return {
        ok: false,
        error: { code: 'bad_reply', message: 'The extension gave an unexpected answer. Reload the page.' },
      };
    return parsed.data as Reply<T>;
  } catch {
    return {
      ok: false,
      error: {
        code: 'disconnected',
        message: 'Transcript Lens was updated or restarted. Reload the page to reconnect.',
      },
    };
  }
}

/** The panel's messages to the background, each typed with its reply (utils/replies.ts). */
export const send: Send = (message) => ask(message);

/** The extension pages' messages to the background. */
export const sendPage: PageSend = (message) => ask(message);
