/** Who sent a runtime message, as far as the background trusts it. */
export type SenderKind = 'content' | 'page' | 'unknown';

export type SenderLike = {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; url?: string; active?: boolean };
};

const YOUTUBE_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com']);

export function isYouTubeUrl(href: string | undefined): boolean {
  if (!href) return false;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && YOUTUBE_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Classifies a sender: a content script of this extension running in a YouTube tab, one of this
 * extension's own pages, or anything else (other extensions, web pages, content scripts elsewhere).
 */
export function classifySender(sender: SenderLike, extensionId: string, extensionOrigin: string): SenderKind {
  if (!sender || sender.id !== extensionId) return 'unknown';
  const url = sender.url ?? '';
  if (sender.tab) {
    if (url.startsWith(extensionOrigin)) return 'page';
    return isYouTubeUrl(url) && isYouTubeUrl(sender.tab.url ?? url) ? 'content' : 'unknown';
  }
  return url.startsWith(extensionOrigin) ? 'page' : 'unknown';
}
