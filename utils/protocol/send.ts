import { t } from '../i18n/catalogue';
import { sendToBackground } from './deliver';
import { type Reply, ReplySchema } from './envelope';
import type { ContentReplies, PageReplies } from './replies';
import type { ContentMessage, PageMessage } from './requests';

/**
 * The sending side: how the panel's views (`Send`) and the extension's pages (`PageSend`) ask the background,
 * each message typed with its reply (replies.ts). Views take a `Send` as a prop; the production value is `send`
 * below, the component tests' a fake (test/component/kit.ts).
 */
export type Send = <M extends ContentMessage>(message: M) => Promise<Reply<ContentReplies[M['type']]>>;

/** How extension pages (popup, options, confirmation, library, spending) talk to the background. */
export type PageSend = <M extends PageMessage>(message: M) => Promise<Reply<PageReplies[M['type']]>>;

/**
 * Sends a message to the background and returns its reply (sent again while a stopping or starting worker
 * missed it: deliver.ts). A dead or reloaded extension, or a reply of the wrong shape, becomes an error reply instead of an exception.
 */
async function deliver<T>(message: unknown): Promise<Reply<T>> {
  try {
    const raw: unknown = await sendToBackground(message);
    const parsed = ReplySchema.safeParse(raw);
    if (!parsed.success)
      return {
        ok: false,
        error: { code: 'bad_reply', message: t('background.reply.unexpected') },
      };
    return parsed.data as Reply<T>;
  } catch {
    return {
      ok: false,
      error: {
        code: 'disconnected',
        message: t('background.reply.disconnected'),
      },
    };
  }
}

/** The panel's messages to the background. */
export const send: Send = (message) => deliver(message);

/** The extension pages' messages to the background. */
export const sendPage: PageSend = (message) => deliver(message);
