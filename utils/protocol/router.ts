import { ContentMessage, fail, PageMessage, type Reply } from './messages';
import { classifySender, type SenderLike } from './senders';

export type Handlers = {
  content: (message: ContentMessage, sender: SenderLike) => Promise<Reply<unknown>>;
  page: (message: PageMessage, sender: SenderLike) => Promise<Reply<unknown>>;
};

/**
 * Checks the sender, then the payload, then hands the message to its handler. A rejected message gets
 * a clear error and changes nothing; a handler that throws becomes an error reply, never a crash.
 */
export function createRouter(handlers: Handlers, extensionId: string, extensionOrigin: string) {
  return async (raw: unknown, sender: SenderLike): Promise<Reply<unknown>> => {
    const kind = classifySender(sender, extensionId, extensionOrigin);
    try {
      if (kind === 'content') {
        const parsed = ContentMessage.safeParse(raw);
        if (!parsed.success) return fail('bad_message', 'The extension received a message it does not understand.');
        return await handlers.content(parsed.data, sender);
      }
      if (kind === 'page') {
        const asPage = PageMessage.safeParse(raw);
        if (asPage.success) return await handlers.page(asPage.data, sender);
        const asContent = ContentMessage.safeParse(raw);
        if (asContent.success) return await handlers.content(asContent.data, sender);
        return fail('bad_message', 'The extension received a message it does not understand.');
      }
      return fail('forbidden_sender', 'This message is not accepted from that sender.');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail('internal', `Something went wrong inside the extension: ${message}`);
    }
  };
}
