/** A YouTube video id: exactly 11 characters of the URL-safe base64 alphabet. */
const ID = /^[A-Za-z0-9_-]{11}$/;
const MAX_INPUT = 2048;

const WATCH_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com', 'music.youtube.com']);
const EMBED_HOSTS = new Set([...WATCH_HOSTS, 'www.youtube-nocookie.com', 'youtube-nocookie.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Path prefixes whose next segment is the id. */
const PATH_FORMS = ['shorts', 'live', 'embed', 'v', 'e'];

export function isVideoId(value: string): boolean {
  return ID.test(value);
}

function idOrNull(value: string | null | undefined): string | null {
  return value && ID.test(value) ? value : null;
}

function parseUrl(input: string): URL | null {
  try {
    // Accept scheme-less input ("youtu.be/abc…", "www.youtube.com/watch?v=…").
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`;
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Extracts the video id from a bare id or any YouTube URL form (watch, shorts, live, embed, youtu.be,
 * youtube-nocookie, mobile and music hosts). Returns null for anything else. Never throws.
 */
export function extractVideoId(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_INPUT) return null;
  if (ID.test(text)) return text;
  const url = parseUrl(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (SHORT_HOSTS.has(host)) return idOrNull(segments[0]);
  if (!EMBED_HOSTS.has(host)) return null;
  if (segments[0] === 'watch' && segments.length === 1) return idOrNull(url.searchParams.get('v'));
  const [form, id] = segments;
  if (form && PATH_FORMS.includes(form) && segments.length <= 3) {
    if (!WATCH_HOSTS.has(host) && form !== 'embed') return null;
    return idOrNull(id);
  }
  return null;
}

/**
 * Decides from a page URL alone whether it is a YouTube video page the panel belongs on
 * (watch, shorts, live on www/m hosts). Page metadata is never consulted: YouTube leaves it stale.
 */
export function videoIdFromPageUrl(href: string): string | null {
  const url = parseUrl(href);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'www.youtube.com' && host !== 'm.youtube.com' && host !== 'youtube.com') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[0] === 'watch' && segments.length === 1) return idOrNull(url.searchParams.get('v'));
  if ((segments[0] === 'shorts' || segments[0] === 'live') && segments.length === 2) return idOrNull(segments[1]);
  return null;
}

/** The canonical watch URL, optionally at a time in whole seconds. */
/**
 * The whole second a link's `t` names for a moment: rounded up (to the millisecond first, so float noise does
 * not add a second), so the link lands inside the cue that starts there; rounded down it would open on the cue
 * before, which the Transcript tab would then show as the current one.
 */
export function linkSecond(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(Math.round(seconds * 1000) / 1000) : 0;
}

export function watchUrl(id: string, seconds?: number): string {
  const s = seconds === undefined ? 0 : linkSecond(seconds);
  const t = s > 0 ? `&t=${s}s` : '';
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}${t}`;
}
