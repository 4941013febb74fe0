import { MAX_TITLE_CHARS } from '../../utils/bounds';
import { MAX_LISTED, type UploadRow } from '../../utils/channel/replies';
import { extractVideoId } from '../../utils/video-id';

/**
 * The videos a playlist page shows, read from its DOM (docs/channel-view.md, "Playlists"). The page is hostile:
 * only a link's `href` that parses as a YouTube video URL gives an id (checked by extractVideoId), titles are
 * plain text cut to MAX_TITLE_CHARS, repeats are kept once, and at most MAX_LISTED are taken. Nothing is
 * bought to list a playlist: what the page has not loaded yet is loaded by scrolling the page's own list.
 */
export const PLAYLIST_ROW = 'ytd-playlist-video-renderer';

/** Where a page lists a playlist's videos: a row, the link in it that names the video, the element with its title. */
type RowShape = { row: string; link: string; title: string };

/** The playlist's own page (`/playlist?list=…`). */
const PAGE: RowShape = { row: PLAYLIST_ROW, link: 'a#video-title', title: 'a#video-title' };
/**
 * The panel beside the player on a watch page with `list=` (ytd-playlist-panel-renderer): only its rows, since
 * YouTube keeps a playlist page it navigated away from in the DOM, hidden, and that list may be another one.
 */
const WATCH_PANEL: RowShape = {
  row: 'ytd-playlist-panel-renderer ytd-playlist-panel-video-renderer',
  link: 'a#wc-endpoint',
  title: '#video-title',
};

/** Which list a page shows: the playlist page's or, on a watch page, the panel beside the player. */
export type PlaylistSource = 'page' | 'watch';

export function readPlaylistRows(doc: ParentNode, source: PlaylistSource = 'page'): UploadRow[] {
  const shape = source === 'watch' ? WATCH_PANEL : PAGE;
  const rows: UploadRow[] = [];
  const seen = new Set<string>();
  for (const row of doc.querySelectorAll(shape.row)) {
    const href = row.querySelector(shape.link)?.getAttribute('href');
    if (!href) continue;
    const id = extractVideoId(new URL(href, 'https://www.youtube.com/').href);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const named = row.querySelector(shape.title);
    const title = (named?.getAttribute('title') || named?.textContent || '').replace(/\s+/g, ' ').trim();
    rows.push({ id, title: title.slice(0, MAX_TITLE_CHARS) || id, published: null, saved: false, analyzed: false });
    if (rows.length >= MAX_LISTED) break;
  }
  return rows;
}
