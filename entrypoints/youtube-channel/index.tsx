import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { ChannelView } from '../../components/channel/ChannelView';
import { PlaylistView } from '../../components/channel/PlaylistView';
import type { ChannelModule } from '../../components/youtube/modules';
import { addStyles } from '../../components/youtube/styles';
import { isPlaylistRef } from '../../utils/channel/playlist-ref';
import { setCatalogue } from '../../utils/i18n/catalogue';

/**
 * The panel on a channel or playlist page, loaded by the YouTube content script only there (components/youtube/
 * lazy.ts): the channel view, bulk downloads and channel search stay out of what every YouTube page loads.
 * It is an ES module (wxt.config.ts) imported into the content script's own isolated world, and it brings its
 * own Preact (ChannelModule, components/youtube/modules.ts).
 */
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
