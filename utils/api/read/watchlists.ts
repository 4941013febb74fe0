/**
 * The MCP watchlist tools' answers, whose shape the spec does not show (`list_watchlists`, `watchlist_activity`):
 * a bare list, or a list under a usual key (one level of wrapping too); names, ids, counts and dates under usual
 * names and spellings; null is missing; counts as numbers or numeric strings. An entry that cannot be read as a
 * watchlist or an upload is kept as text (`unread`), and an answer with no list at all is shown as its text.
 */
import { extractVideoId, isVideoId } from '../../video-id';
import { flatten, words } from './lenient';
import { type Dict, field, isRecord, nonNeg, str } from './values';

export type Watchlist = {
  id: string;
  name: string;
  /** Uploads recorded, when the answer says (never guessed as 0). */
  recorded: number | null;
  channels: string[];
  lastAt: string | null;
};
export type Upload = { videoId: string | null; title: string; channel: string | null; publishedAt: string | null };
export type Parsed<T> = { kind: 'list'; items: T[]; unread: string[] } | { kind: 'other'; text: string };

const LIST_KEYS = words('watchlists uploads videos items activity results entries lists recent');
const WRAPPERS = words('data result');
const MAX_ITEMS = 500;

function findList(raw: unknown, depth = 0): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (!isRecord(raw) || depth > 1) return null;
  const list = field(raw, LIST_KEYS);
  if (Array.isArray(list)) return list;
  const inner = field(raw, WRAPPERS);
  return inner === undefined ? null : findList(inner, depth + 1);
}

/** Something that could not be read, as text for the person (never `[object Object]`). */
function asText(raw: unknown): string {
  return typeof raw === 'string' ? raw : flatten(raw);
}

function parseList<T>(raw: unknown, entry: (value: Dict) => T | null): Parsed<T> {
  const list = findList(raw);
  if (!list) return { kind: 'other', text: asText(raw) };
  const items: T[] = [];
  const unread: string[] = [];
  for (const value of list.slice(0, MAX_ITEMS)) {
    const read = isRecord(value) ? entry(value) : null;
    if (read) items.push(read);
    else unread.push(asText(value));
  }
  if (list.length > MAX_ITEMS) unread.push(`${list.length - MAX_ITEMS} more entries were not read.`);
  return { kind: 'list', items, unread };
}

/** A count: a whole number of zero or more, from a number or a numeric string ("12", "3.0"), or a list's length. */
function count(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  const n = nonNeg(value);
  return n !== undefined && Number.isInteger(n) ? n : null;
}

function channelName(value: unknown): string | null {
  if (isRecord(value)) return str(field(value, words('handle name title channelid id url'))) ?? null;
  return str(value) ?? null;
}

function readWatchlist(w: Dict): Watchlist | null {
  const id = str(field(w, words('watchlistid id listid')));
  if (id === undefined) return null;
  const channels = field(w, words('channels channel follows'));
  return {
    id,
    name: str(field(w, words('name title label'))) ?? id,
    recorded: count(field(w, words('recordeduploads recorded uploadcount videocount count uploads'))),
    channels: (Array.isArray(channels) ? channels : channels === undefined ? [] : [channels]).flatMap(
      (c) => channelName(c) ?? [],
    ),
    lastAt: str(field(w, words('lastrecordedat lastat lastupload latest updatedat'))) ?? null,
  };
}

function readUpload(u: Dict): Upload | null {
  const direct = [field(u, words('videoid')), field(u, words('id'))].map(str).find((id) => id && isVideoId(id));
  const url = str(field(u, words('url link watchurl')));
  const videoId = direct ?? (url ? extractVideoId(url) : null);
  const title = str(field(u, words('title name'))) ?? videoId ?? url;
  if (!title) return null;
  return {
    videoId,
    title,
    channel: channelName(field(u, words('channel channeltitle channelname author'))),
    publishedAt: str(field(u, words('publishedat published date uploadedat recordedat'))) ?? null,
  };
}

/** `list_watchlists`: the account's watchlists. */
export function readWatchlists(raw: unknown): Parsed<Watchlist> {
  return parseList(raw, readWatchlist);
}

/** `watchlist_activity`: the newest uploads recorded for one watchlist. */
export function readUploads(raw: unknown): Parsed<Upload> {
  return parseList(raw, readUpload);
}
