/** The hosts whose pages the panel reads a channel or a playlist from (the mobile site's links included). */
const HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com']);

/** A YouTube page's URL over https, or null for anything else (another host, another scheme, not a URL). */
export function youTubePageUrl(href: string): URL | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && HOSTS.has(url.hostname.toLowerCase()) ? url : null;
}
