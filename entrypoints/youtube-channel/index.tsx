import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { ChannelView } from '../../components/channel/ChannelView';
import { PlaylistView } from '../../components/channel/PlaylistView';
import { isPlaylistRef } from '../../utils/channel/playlist-ref';
import { type Catalogue, setCatalogue } from '../../utils/i18n/catalogue';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';
import { addStyles } from './styles';

/**
 * The panel on a channel or playlist page, loaded by the YouTube content script only there (entrypoints/youtube.content/
 * lazy.ts): the channel view, bulk downloads and channel search stay out of what every YouTube page loads.
 * It is an ES module (wxt.config.ts) imported into the content script's own isolated world, and it brings its
 * own Preact: it renders and clears its root itself, and its styles go into the panel's shadow root with it.
 */
export interface ChannelModule {
  /**
   * `channel` is a channel reference or a playlist's (`playlist:<id>`, utils/channel/playlist-ref.ts); `listen` hears
   * the background's pushes (a bulk run's end) through the content script's own checks (its link.ts);
   * `catalogue` the messages the content script loaded (this module has its own copy of utils/i18n); `watch`: a
   * playlist played on a watch page, its videos read from the panel beside the player.
   */
  show(root: HTMLElement, channel: string, send: Send, listen: Listen, catalogue: Catalogue, watch?: boolean): void;
  clear(root: HTMLElement): void;
}

export default defineUnlistedScript(
  (): ChannelModule => ({
    show(root, channel, send, listen, catalogue, watch = false) {
      setCatalogue(catalogue.locale, catalogue.messages);
      addStyles(root, 'channel');
      // A playlist page (`playlist:<id>`): its videos are read from the page, not listed by the service.
      const view = isPlaylistRef(channel) ? (
        <PlaylistView key={channel} playlist={channel} send={send} listen={listen} source={watch ? 'watch' : 'page'} />
      ) : (
        <ChannelView key={channel} channel={channel} send={send} listen={listen} />
      );
      render(view, root);
    },
    clear(root) {
      render(null, root);
    },
  }),
);
