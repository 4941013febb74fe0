import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { type Catalogue, setCatalogue } from '../../utils/i18n/catalogue';
import { loadMoreMessages } from '../../utils/i18n/load';
import type { PanelPrefs } from '../../utils/panel-prefs';
import { addStyles } from '../youtube-channel/styles';
import { channelModuleAsked } from '../youtube.content/lazy';
import { PanelHost } from '../youtube.content/PanelHost';
import type { PlayerBridge } from '../youtube.content/player';
import { WatchPlaylist } from '../youtube.content/WatchPlaylist';

/** The watch page the panel is shown for: its video, the playlist it plays in, and what the page already read. */
export type WatchPanel = {
  videoId: string;
  playlist: string | null;
  player: PlayerBridge;
  prefs: PanelPrefs | null;
};

/**
 * A watch page's panel (Preact, the panel and its transcript tab), imported by the content script on every watch
 * page (entrypoints/youtube.content/lazy.ts) as soon as the page is a watch page. A module rather than part of the
 * content script because V8 compiles an imported module on a background thread while it streams, and the build
 * heads it with `//# allFunctionsCalledOnLoad` (wxt.config.ts), so its functions are compiled there too instead of
 * on the page's main thread at their first call. Like the tabs module it runs in the content script's isolated
 * world with its own Preact and its own copy of the catalogue (`catalogue`).
 */
export interface PanelModule {
  show(root: HTMLElement, page: WatchPanel, catalogue: Catalogue): void;
  clear(root: HTMLElement): void;
}

/** The content script's messages last set here: they change with the interface language. */
let shownMessages: Catalogue['messages'] | null = null;

export default defineUnlistedScript(
  (): PanelModule => ({
    show(root, page, catalogue) {
      if (catalogue.messages !== shownMessages) {
        shownMessages = catalogue.messages;
        setCatalogue(catalogue.locale, catalogue.messages);
        // The playlist fold's channel view (this module's copy of lazy.ts) wants its words in the new language too.
        if (channelModuleAsked()) void loadMoreMessages('channel');
      }
      addStyles(root);
      render(
        <>
          <PanelHost key={page.videoId} videoId={page.videoId} player={page.player} prefs={page.prefs} />
          {page.playlist && <WatchPlaylist key={page.playlist} playlist={page.playlist} />}
        </>,
        root,
      );
    },
    clear(root) {
      render(null, root);
    },
  }),
);
