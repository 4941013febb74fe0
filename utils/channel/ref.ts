import { youTubePageUrl } from './page-url';

/**
 * Which channel a YouTube page shows, from its URL alone (page metadata goes stale on in-page navigation).
 * The answer is what the service accepts as a channel id: `@handle`, a `UC…` channel id, or, for the
 * legacy `/c/name` and `/user/name` forms, the channel URL itself.
 */
const HANDLE = /^@[A-Za-z0-9._-]{1,100}$/;
const UCID = /^UC[A-Za-z0-9_-]{22}$/;
const NAME = /^[A-Za-z0-9._-]{1,100}$/;
/** Channel tabs that still show the channel (the panel lists its uploads on any of them). */
const TABS = new Set(['videos', 'streams', 'featured', 'shorts', 'playlists', 'community', 'about']);

const tabOk = (tab: string | undefined) => tab === undefined || TABS.has(tab);

export function channelFromPageUrl(href: string): string | null {
  const url = youTubePageUrl(href);
  if (!url) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const [first, second, third] = segments;
  if (!first || segments.length > 3) return null;
  if (HANDLE.test(first) && segments.length <= 2 && tabOk(second)) return first;
  if (first === 'channel' && second && UCID.test(second) && tabOk(third)) return second;
  if ((first === 'c' || first === 'user') && second && NAME.test(second) && tabOk(third)) {
    return `https://www.youtube.com/${first}/${second}`;
  }
  return null;
}

/** A `UC…` channel id. */
export const isChannelId = (value: string): boolean => UCID.test(value);

/** Whether a string is a channel reference this extension would send (the background re-checks messages). */
export function isChannelRef(value: string): boolean {
  if (HANDLE.test(value) || UCID.test(value)) return true;
  return channelFromPageUrl(value) === value;
}

/**
 * The form a channel reference is filed under: handles and legacy `/c/`, `/user/` names are matched without
 * case (YouTube does), channel ids exactly. Accepts what the service may name a channel by: `@handle`, `UC…`,
 * or a channel URL (https, any of the hosts above). Null for anything else.
 */
export function channelAlias(value: string): string | null {
  const text = value.trim();
  if (UCID.test(text)) return text;
  if (HANDLE.test(text)) return text.toLowerCase();
  const ref = channelFromPageUrl(text.replace(/^http:\/\//i, 'https://'));
  if (ref === null) return null;
  return UCID.test(ref) ? ref : ref.toLowerCase();
}

/** The channel's page for a reference channelFromPageUrl gave (`@handle`, `UC…`, or a legacy channel URL). */
export function channelPageUrl(channel: string): string {
  if (HANDLE.test(channel)) return `https://www.youtube.com/${channel}`;
  if (UCID.test(channel)) return `https://www.youtube.com/channel/${channel}`;
  return channel;
}
