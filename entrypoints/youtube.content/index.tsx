import '../../components/youtube/panel.css';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { loadPageModule } from '../../components/youtube/lazy';

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
    // A loader: the page's code is a module (entrypoints/youtube-page/), compiled off the main thread. The panel's
    // shadow root is made here, where WXT knows this script's stylesheet.
    const page = await loadPageModule();
    if (ctx.isValid) await page.start(ctx, (options) => createShadowRootUi(ctx, options));
  },
});
