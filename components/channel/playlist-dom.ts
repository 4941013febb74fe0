import { MAX_TITLE_CHARS } from '../../utils/bounds';
import { MAX_LISTED, type UploadRow } from '../../utils/channel-replies';
import { extractVideoId } from '../../utils/video-id';

/**
 * The videos a playlist page shows, read from its DOM (docs/channel-view.md, "Playlists"). The page is hostile:
 * only a link's `href` that parses as a YouTube video URL gives an id (checked by extractVideoId), titles are
 * plain text cut to MAX_TITLE_CHARS, repeats are kept once, and at most MAX_LISTED are taken. Nothing is
 * bought to list a playlist: what the page has not loaded yet is loaded by scrolling the page's own list.
 */
export const PLAYLIST_ROW = 'ytd-playlist-video-renderer';
const TITLE_LINK = 'a#video-title';

export function readPlaylistRows(doc: ParentNode): UploadRow[] {
  const rows: UploadRow[] = [];
  const seen = new Set<string>();
  for (const row of doc.querySelectorAll(PLAYLIST_ROW)) {
    const link = row.querySelector<HTMLAnchorElement>(TITLE_LINK);
    const href = link?.getAttribute('href');
    if (!link || !href) continue;
    const id = extractVideoId(new URL(href, 'https://www.youtube.com/').href);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const title = (link.getAttribute('title') || link.textContent || '').replace(/\s+/g, ' ').trim();
    rows.push({ id, title: title.slice(0, MAX_TITLE_CHARS) || id, published: null, saved: false, analyzed: false });
    if (rows.length >= MAX_LISTED) break;
  }
  return rows;
}
