import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { ChannelView } from '../../components/channel/ChannelView';
import { PlaylistView } from '../../components/channel/PlaylistView';
import { isPlaylistRef } from '../../utils/playlist-ref';
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
   * `channel` is a channel reference or a playlist's (`playlist:<id>`, utils/playlist-ref.ts); `listen` hears
   * the background's pushes (a bulk run's end) through the content script's own checks (its link.ts).
   */
  show(root: HTMLElement, channel: string, send: Send, listen: Listen): void;
  clear(root: HTMLElement): void;
}

export default defineUnlistedScript(
  (): ChannelModule => ({
    show(root, channel, send, listen) {
      addStyles(root);
      // A playlist page (`playlist:<id>`): its videos are read from the page, not listed by the service.
      const view = isPlaylistRef(channel) ? (
        <PlaylistView key={channel} playlist={channel} send={send} listen={listen} />
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
