import { readLocaleChoice, type UiLocale } from '../i18n/locales';
import { PSEUDO_BUILT } from '../i18n/preference';
import { type PanelPrefs, parsePanelPrefs } from '../panel/prefs';
import { type PanelTab, tabFromHash } from '../panel/url';
import { isVideoId } from '../video-id';

/**
 * The line between the content script and the panel's frame (entrypoints/panel-frame/): a runtime port the frame
 * opens to its tab's top frame, named with the token in its address, so only the frame the content script made is
 * answered. Both ends are this extension's; each still reads what the other sends field by field (no zod: the
 * content script's side is in what every YouTube page loads).
 */
export const FRAME_PATH = '/panel-frame.html';
export const FRAME_PORT = 'tl-panel-frame';
export const framePortName = (token: string): string => `${FRAME_PORT}:${token}`;

/**
 * The player as the content script sees it. Ports carry JSON, where NaN becomes null: null is "unknown" here
 * (an ad's or a live stream's length, a player not found yet).
 */
export type PlayerState = { time: number | null; duration: number | null; ad: boolean; live: boolean };

export type Theme = 'light' | 'dark';

/** What the content script tells the frame. */
export type ToFrame =
  /**
   * First on every line: the interface language and the words the content script read (its `content` bundle, the
   * frame's too), so the frame reads no language choice and fetches no file before it draws (docs/benchmarks.md).
   */
  | { t: 'words'; locale: UiLocale; entries: Record<string, string> }
  | {
      t: 'video';
      videoId: string;
      /** The title the page shows for this video, when it shows one. */
      title: string | null;
      /** A tab the page's address asks for (#transcript-lens=…): it only selects a tab. */
      tab: PanelTab | null;
      prefs: PanelPrefs | null;
    }
  | { t: 'player'; state: PlayerState }
  | { t: 'refresh' }
  | { t: 'toggle' }
  | { t: 'tab'; tab: PanelTab }
  | { t: 'theme'; theme: Theme }
  /** The page's viewport height: the panel's tabs are as tall as they were in the page (60 % of it). */
  | { t: 'viewport'; px: number }
  /** Whether the tab shows and the page has the focus: the automatic load's "in view" (useAutoLoad.ts). */
  | { t: 'view'; visible: boolean; focused: boolean }
  /** A person's trusted click or key on the page (never a script's): the automatic load's "since the person acted". */
  | { t: 'input' };

/** What the frame tells the content script. */
export type FromFrame = { t: 'seek'; seconds: number } | { t: 'height'; px: number };

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);
const finiteOrNull = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));
const tabOf = (value: unknown): PanelTab | null =>
  typeof value === 'string' ? tabFromHash(`#transcript-lens=${value}`) : null;

/** The most words a line's catalogue may carry (the content bundle has some 400): a bound, not a budget. */
export const MAX_WORDS = 5_000;

/** A catalogue's entries: string values only (anything else is left out, its key then shows); null past the bound. */
function readWords(raw: unknown): Record<string, string> | null {
  if (!isDict(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.length > MAX_WORDS) return null;
  const entries: Record<string, string> = {};
  for (const key of keys) if (typeof raw[key] === 'string') entries[key] = raw[key];
  return entries;
}

/** The tallest panel a frame may ask for, in CSS pixels: a frame cannot push the page's layout further. */
export const MAX_FRAME_PX = 20_000;

/** One of the frame's messages, exactly; else null. */
export function readFromFrame(raw: unknown): FromFrame | null {
  if (!isDict(raw)) return null;
  if (raw.t === 'seek' && typeof raw.seconds === 'number' && Number.isFinite(raw.seconds) && raw.seconds >= 0)
    return { t: 'seek', seconds: raw.seconds };
  if (raw.t === 'height' && typeof raw.px === 'number' && raw.px >= 0 && raw.px <= MAX_FRAME_PX)
    return { t: 'height', px: Math.ceil(raw.px) };
  return null;
}

/** The most messages one post may carry: what the content script posts in one task (words, video, feeds). */
export const MAX_BATCH = 16;

/**
 * The messages of one post from the content script, in order: one message, or an array of them (what it posted in
 * one task, components/youtube/frame-feeds.ts), each then read by readToFrame. An array past the bound is nothing.
 */
export function lineMessages(raw: unknown): unknown[] {
  if (!Array.isArray(raw)) return [raw];
  return raw.length <= MAX_BATCH ? raw : [];
}

/** One of the content script's messages, exactly; else null. */
export function readToFrame(raw: unknown): ToFrame | null {
  if (!isDict(raw)) return null;
  switch (raw.t) {
    case 'words': {
      const locale = readLocaleChoice(raw.locale, PSEUDO_BUILT);
      const entries = readWords(raw.entries);
      return locale && entries ? { t: 'words', locale, entries } : null;
    }
    case 'video': {
      if (typeof raw.videoId !== 'string' || !isVideoId(raw.videoId)) return null;
      const title = typeof raw.title === 'string' ? raw.title : null;
      const prefs = raw.prefs == null ? null : parsePanelPrefs(raw.prefs);
      return { t: 'video', videoId: raw.videoId, title, tab: tabOf(raw.tab), prefs };
    }
    case 'player': {
      const state = raw.state;
      if (!isDict(state) || !finiteOrNull(state.time) || !finiteOrNull(state.duration)) return null;
      return {
        t: 'player',
        state: { time: state.time, duration: state.duration, ad: state.ad === true, live: state.live === true },
      };
    }
    case 'refresh':
    case 'toggle':
    case 'input':
      return { t: raw.t };
    case 'view':
      return typeof raw.visible === 'boolean' && typeof raw.focused === 'boolean'
        ? { t: 'view', visible: raw.visible, focused: raw.focused }
        : null;
    case 'tab': {
      const tab = tabOf(raw.tab);
      return tab ? { t: 'tab', tab } : null;
    }
    case 'theme':
      return raw.theme === 'dark' || raw.theme === 'light' ? { t: 'theme', theme: raw.theme } : null;
    case 'viewport':
      return typeof raw.px === 'number' && raw.px > 0 && raw.px <= MAX_FRAME_PX ? { t: 'viewport', px: raw.px } : null;
    default:
      return null;
  }
}
