import { render } from 'preact';
import { watchPlaylistFromPageUrl } from '../../utils/channel/playlist-ref';
import { catalogueSnapshot, currentLocale } from '../../utils/i18n/catalogue';
import { applyLocale } from '../../utils/i18n/load';
import type { PanelPrefs } from '../../utils/panel/prefs';
import { ErrorAlert } from '../page/ErrorAlert';
import { disconnected, listenBroadcasts, send } from './background-line';
import { loadChannelModule } from './lazy';
import { PanelFrame } from './PanelFrame';
import type { PagePlayer } from './player';
import { WatchPlaylist } from './WatchPlaylist';

const clearPanel = (root: HTMLElement) => render(null, root);

/** The page the panel is drawn for: a video (in the frame), or a channel or playlist (the channel module). */
export type PanelPage = {
  videoId: string | null;
  channel: string | null;
  prefs: PanelPrefs | null;
  firstHeight: number | null;
};

/** What is drawn in the panel's root, and with which Preact. */
export interface PanelContent {
  /** Draws the page into the mounted root, unless that page is drawn there already. */
  draw(page: PanelPage): void;
  /** Empties a root being removed with the Preact that filled it. */
  release(root: HTMLElement | undefined): void;
  /** Draws again at the next draw (the root is gone, or its language changed). */
  forget(): void;
  /** The interface language changed (its catalogue loaded): the root takes it, emptied for the next draw; false without one. */
  relocalize(): boolean;
  drawn(): boolean;
}

/** `mounted` gives the panel's root as it is now: a channel module that loads after the root was replaced draws nothing. */
export function createPanelContent(mounted: () => HTMLElement | null, player: PagePlayer): PanelContent {
  let renderedId: string | null = null;
  /** Empties the panel's root with the Preact that filled it: the channel module brings its own (lazy.ts). */
  let clearRoot: ((root: HTMLElement) => void) | null = null;
  const fill = (root: HTMLElement, clear: (root: HTMLElement) => void) => {
    if (clearRoot !== clear) clearRoot?.(root);
    clearRoot = clear;
  };

  const drawChannel = (target: HTMLElement, forChannel: string) => {
    const current = () => renderedId === `channel:${forChannel}` && mounted() === target;
    // Channel code loads only on channel pages: the content script on video pages stays small.
    void loadChannelModule().then(
      (module) => {
        if (!current()) return;
        fill(target, module.clear);
        module.show(target, forChannel, send, listenBroadcasts, catalogueSnapshot());
      },
      () => {
        if (!current()) return;
        fill(target, clearPanel);
        render(<ErrorAlert error={disconnected()} />, target);
      },
    );
  };

  return {
    draw({ videoId, channel, prefs, firstHeight }) {
      // A video played in a playlist also offers the playlist's bulk view (kept while the playlist plays on).
      const list = videoId && watchPlaylistFromPageUrl(location.href);
      const pageKey = videoId ? `${videoId} ${list}` : channel && `channel:${channel}`;
      const root = mounted();
      if (!root || !pageKey || renderedId === pageKey) return;
      renderedId = pageKey;
      if (videoId) {
        fill(root, clearPanel);
        render(
          <>
            <PanelFrame videoId={videoId} player={player} prefs={prefs} firstHeight={firstHeight} />
            {list && <WatchPlaylist key={list} playlist={list} />}
          </>,
          root,
        );
        return;
      }
      if (channel !== null) drawChannel(root, channel);
    },
    release(root) {
      if (root) clearRoot?.(root);
      clearRoot = null;
    },
    forget() {
      renderedId = null;
    },
    relocalize() {
      const root = mounted();
      if (!root) return false;
      applyLocale(root, currentLocale());
      this.release(root);
      this.forget();
      return true;
    },
    drawn: () => renderedId !== null,
  };
}
