import { t } from '../i18n/catalogue';
import { fail, type Reply } from './envelope';
import { ContentMessage, PageMessage } from './requests';

// The receiving side, in the background: the sender check (classifySender), then the router (createRouter),
// which parses a message against what that sender may ask (requests.ts) and hands it to its handler.

/**
 * Who sent a runtime message, as far as the background trusts it. `frame` is the watch page's panel frame: an
 * extension page, but one a YouTube page embeds (and may open), so it may ask only what the content script may.
 */
export type SenderKind = 'content' | 'frame' | 'page' | 'unknown';

/** The panel frame's page (entrypoints/panel-frame/), web-accessible to YouTube. */
const PANEL_FRAME_PATH = '/panel-frame.html';

function pathOf(href: string | undefined): string | null {
  try {
    return href ? new URL(href).pathname : null;
  } catch {
    return null;
  }
}

export type SenderLike = {
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
  tab?: { id?: number; url?: string; active?: boolean; windowId?: number };
};

const YOUTUBE_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com']);

/** scheme://host[:port], spelled out: URL.origin is "null" for extension schemes in some runtimes. */
function originOf(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.host ? `${url.protocol}//${url.host}` : null;
  } catch {
    return null;
  }
}

export function isYouTubeUrl(href: string | undefined): boolean {
  const origin = originOf(href);
  return origin !== null && isYouTubeOrigin(origin);
}

function isYouTubeOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' && YOUTUBE_HOSTS.has(url.hostname);
  } catch {
    return false; // an opaque origin ("null") is no YouTube page
  }
}

/**
 * Classifies a sender from what the browser sets: this extension's id, then the sender's `origin` (Chrome;
 * Firefox gives only `url`, whose origin is used), the tab and the frame. A content script of this extension
 * in the top frame of a YouTube tab; the panel frame; one of this extension's own pages; or anything else (other
 * extensions, web pages, content scripts elsewhere, frames).
 */
export function classifySender(sender: SenderLike, extensionId: string, extensionOrigin: string): SenderKind {
  if (!sender || sender.id !== extensionId) return 'unknown';
  const origin = sender.origin ?? originOf(sender.url);
  if (origin === null) return 'unknown';
  if (origin === originOf(extensionOrigin)) return pathOf(sender.url) === PANEL_FRAME_PATH ? 'frame' : 'page';
  if (!sender.tab || (sender.frameId !== undefined && sender.frameId !== 0)) return 'unknown';
  return isYouTubeOrigin(origin) && isYouTubeUrl(sender.tab.url ?? sender.url) ? 'content' : 'unknown';
}

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
      if (kind === 'content' || kind === 'frame') {
        const parsed = ContentMessage.safeParse(raw);
        if (!parsed.success) return fail('bad_message', t('background.reply.notUnderstood'));
        return await handlers.content(parsed.data, sender);
      }
      if (kind === 'page') {
        const asPage = PageMessage.safeParse(raw);
        if (asPage.success) return await handlers.page(asPage.data, sender);
        const asContent = ContentMessage.safeParse(raw);
        if (asContent.success) return await handlers.content(asContent.data, sender);
        return fail('bad_message', t('background.reply.notUnderstood'));
      }
      return fail('forbidden_sender', t('background.reply.forbiddenSender'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail('internal', t('background.reply.internal', { text: message }));
    }
  };
}
