/** Who sent a runtime message, as far as the background trusts it. */
export type SenderKind = 'content' | 'page' | 'unknown';

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
 * in the top frame of a YouTube tab; one of this extension's own pages; or anything else (other extensions,
 * web pages, content scripts elsewhere, frames).
 */
export function classifySender(sender: SenderLike, extensionId: string, extensionOrigin: string): SenderKind {
  if (!sender || sender.id !== extensionId) return 'unknown';
  const origin = sender.origin ?? originOf(sender.url);
  if (origin === null) return 'unknown';
  if (origin === originOf(extensionOrigin)) return 'page';
  if (!sender.tab || (sender.frameId !== undefined && sender.frameId !== 0)) return 'unknown';
  return isYouTubeOrigin(origin) && isYouTubeUrl(sender.tab.url ?? sender.url) ? 'content' : 'unknown';
}
