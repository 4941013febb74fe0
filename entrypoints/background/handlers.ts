import { browser } from 'wxt/browser';
import { type ContentMessage, ok, type PageMessage, type Reply } from '../../utils/messages';
import type { SenderLike } from '../../utils/senders';

export async function handleContent(message: ContentMessage, sender: SenderLike): Promise<Reply<unknown>> {
  switch (message.type) {
    case 'hello':
      return ok({
        videoId: message.videoId,
        tabId: sender.tab?.id ?? null,
        version: browser.runtime.getManifest().version,
      });
  }
}

export async function handlePage(message: PageMessage): Promise<Reply<unknown>> {
  switch (message.type) {
    case 'ping':
      return ok({ pong: true });
  }
}
