/**
 * The video id in what a client sends (spec: "a video ID or a full video URL"): an id is 11 characters of
 * [A-Za-z0-9_-]; the URLs are the platform's watch, youtu.be, shorts, live and embed forms. Written from the
 * spec for this service; test/unit/video-id-agrees.test.ts holds the extension's parser to the same table.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** Longer input is not a video URL; refused without parsing. */
const LONGEST_INPUT = 2048;

/** Hosts of the watch, shorts, live and embed pages (desktop, mobile, music). */
const SITE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'];
/** The privacy-enhanced embed host serves only /embed/<id>. */
const EMBED_ONLY_HOSTS = ['youtube-nocookie.com', 'www.youtube-nocookie.com'];
const SHORT_LINK_HOST = 'youtu.be';
/** Pages whose path is /<form>/<id>. */
const PATH_FORMS = ['shorts', 'live', 'embed'];

const asId = (value: string | null | undefined): string | null =>
  value !== null && value !== undefined && VIDEO_ID.test(value) ? value : null;

/** An http(s) URL; a pasted address without its scheme is read as https. */
function readUrl(text: string): URL | null {
  const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) ? text : `https://${text}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** The video id of a bare id or a video URL, or null when there is none. */
export function videoIdOf(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return text;
  if (text.length === 0 || text.length > LONGEST_INPUT) return null;
  const url = readUrl(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split('/').filter((part) => part !== '');
  if (host === SHORT_LINK_HOST) return path.length === 1 ? asId(path[0]) : null;
  if (EMBED_ONLY_HOSTS.includes(host)) return path.length === 2 && path[0] === 'embed' ? asId(path[1]) : null;
  if (!SITE_HOSTS.includes(host)) return null;
  if (path.length === 1 && path[0] === 'watch') return asId(url.searchParams.get('v'));
  if (path.length === 2 && PATH_FORMS.includes(path[0] ?? '')) return asId(path[1]);
  return null;
}
