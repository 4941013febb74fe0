import './panel.css';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { loadCatalogue, loadMoreMessages } from '../../utils/i18n/load';
import { onLanguageChange } from '../../utils/i18n/preference';
import { videoIdFromPageUrl } from '../../utils/video-id';
import { channelModuleAsked, loadPanelModule } from './lazy';
import { createPanelMount } from './mount';

export default defineContentScript({
  // Not the mobile site (m.youtube.com): it has no side column and another player, and a panel there would
  // cover a phone's player; its video links still work from the context menu and the popup (docs/youtube-layouts.md).
  matches: ['https://www.youtube.com/*'],
  cssInjectionMode: 'ui',
  runAt: 'document_idle',
  // WXT tells an older copy of this script to stop by a DOM event; its window.postMessage of the same news (kept
  // by WXT for older versions) wakes every message listener of the page, some 8 ms of a watch page's load.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    // A watch page's panel streams and compiles off the main thread while the catalogue and preferences are read.
    if (videoIdFromPageUrl(location.href)) void loadPanelModule().catch(() => undefined);
    // The panel's words come from the catalogue of the interface language (utils/i18n), read before it is drawn:
    // the mount watches the page from its creation on, and would draw message keys into a panel placed earlier.
    await loadCatalogue('content');
    const mount = createPanelMount(ctx, (options) => createShadowRootUi(ctx, options));
    mount.sync();
    ctx.onInvalidated(
      onLanguageChange(() => {
        void loadCatalogue('content')
          .then(() => (channelModuleAsked() ? loadMoreMessages('channel') : undefined))
          .then(() => mount.retranslate());
      }),
    );
    ctx.addEventListener(window, 'wxt:locationchange', () => mount.sync());
    ctx.addEventListener(document, 'yt-navigate-finish', () => mount.sync());
    ctx.addEventListener(document, 'fullscreenchange', () => mount.relayout());
    let queued = false;
    ctx.addEventListener(window, 'resize', () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        mount.relayout();
      });
    });
  },
});
