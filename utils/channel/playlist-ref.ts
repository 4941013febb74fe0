import { t } from '../i18n/catalogue';
import { youTubePageUrl } from './page-url';

/**
 * A playlist page (`https://www.youtube.com/playlist?list=…`) as the bulk view names it: `playlist:<list id>`.
 * The list id is checked here (letters, digits, `_`, `-`: every form YouTube uses, PL…, OL…, UU…, RD…), and
 * the background checks the reference again. Nothing is bought to list a playlist: its videos are read from the
 * page (components/channel/playlist-dom.ts).
 */
const LIST_ID = /^[A-Za-z0-9_-]{2,64}$/;
const REF = /^playlist:([A-Za-z0-9_-]{2,64})$/;

export function playlistFromPageUrl(href: string): string | null {
  const url = youTubePageUrl(href);
  if (!url) return null;
  if (url.pathname !== '/playlist' && url.pathname !== '/playlist/') return null;
  const list = url.searchParams.get('list');
  return list && LIST_ID.test(list) ? `playlist:${list}` : null;
}

/**
 * A watch page played inside a playlist (`/watch?v=…&list=…`): the same reference as the playlist's page, so a run
 * started beside the player is found again on `/playlist?list=…` and the other way round.
 */
export function watchPlaylistFromPageUrl(href: string): string | null {
  const url = youTubePageUrl(href);
  const list = url?.pathname === '/watch' ? url.searchParams.get('list') : null;
  return list && LIST_ID.test(list) ? `playlist:${list}` : null;
}

/** Whether a string is a playlist reference (`playlist:<list id>`). */
export const isPlaylistRef = (value: string): boolean => REF.test(value);

/** The list id of a playlist reference, or null for anything else (a channel). */
export const playlistListId = (value: string): string | null => REF.exec(value)?.[1] ?? null;

/** The playlist's page for a reference. */
export const playlistPageUrl = (listId: string): string =>
  `https://www.youtube.com/playlist?list=${encodeURIComponent(listId)}`;

/**
 * The lists the library page holds, one of each per account, each one's newest run found again there: the pasted
 * list ("Videos to add"), a watchlist's uploads handed over by the popup, and a selection of the library's videos.
 */
export const PASTED_REF = 'list:pasted';
export const WATCHLIST_REF = 'list:watchlist';
export const SELECTION_REF = 'list:selection';
/** The uploads of the channels pasted in "Channels to list". */
export const CHANNELS_REF = 'list:channels';

/** Each library list by its kind, for errors.list.title. */
const LIBRARY_LISTS: Record<string, string> = {
  [PASTED_REF]: 'pasted',
  [WATCHLIST_REF]: 'watchlist',
  [SELECTION_REF]: 'selection',
  [CHANNELS_REF]: 'channels',
};

/** A bulk selection with no channel listing behind it (a playlist, a library list): its videos came with it. */
export const isListRef = (value: string): boolean => isPlaylistRef(value) || Object.hasOwn(LIBRARY_LISTS, value);

/** What a run of a list is called where its title would be (the popup's progress line): it has no channel's. */
export function listTitle(ref: string): string {
  const id = playlistListId(ref);
  if (id !== null) return t('errors.list.title', { kind: 'playlist', id });
  const kind = Object.hasOwn(LIBRARY_LISTS, ref) ? LIBRARY_LISTS[ref] : undefined;
  return kind ? t('errors.list.title', { kind }) : ref;
}
