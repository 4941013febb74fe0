import type { Reply } from '../../utils/protocol/envelope';
import type { SenderLike } from '../../utils/protocol/receive';
import type { ContentMessage, PageMessage } from '../../utils/protocol/requests';
import { createContentHandlers } from './content-handlers';
import { guarded } from './core/replies';
import type { HandlerServices } from './handler-services';
import { createPageHandlers } from './page-handlers';
import { panelTabs } from './surfaces/panel-tabs';

/** The two message tables (./content-handlers.ts, ./page-handlers.ts) and the router's entry points. */
export function createHandlers(services: HandlerServices) {
  const contentHandlers = createContentHandlers(services);
  const pageHandlers = createPageHandlers(services);

  // The one place a message meets its handler: TypeScript cannot pair a union member with its entry.
  type AnyContent = (message: ContentMessage, sender: SenderLike) => Promise<unknown>;
  type AnyPage = (message: PageMessage, sender: SenderLike) => Promise<unknown>;

  return {
    async content(message: ContentMessage, sender: SenderLike): Promise<Reply<unknown>> {
      const handle = contentHandlers[message.type] as AnyContent;
      const reply = await guarded(() => handle(message, sender));
      // Noted once the reply is ready, not before the handler (a push reads it after this write): the panel's
      // first question on each video page waited for this read and write, and its own reads queued behind them.
      if ('videoId' in message) void panelTabs.seen(sender.tab?.id, message.videoId).catch(() => undefined);
      return reply;
    },
    async page(message: PageMessage, sender: SenderLike = {}): Promise<Reply<unknown>> {
      const handle = pageHandlers[message.type] as AnyPage;
      return guarded(() => handle(message, sender));
    },
  };
}
