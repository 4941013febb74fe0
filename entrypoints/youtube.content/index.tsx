import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { loadPageModule } from '../../components/youtube/lazy';

export default defineContentScript({
  // Not the mobile site (m.youtube.com): it has no side column and another player, and a panel there would
  // cover a phone's player; its video links still work from the context menu and the popup (docs/youtube-layouts.md).
  matches: ['https://www.youtube.com/*'],
  // The panel's styles are in the page module (components/youtube/panel-host.ts), added to its shadow root with
  // the rest: a stylesheet of this script's own would be one more fetch WXT makes on every YouTube page.
  cssInjectionMode: 'manual',
  runAt: 'document_idle',
  // WXT tells an older copy of this script to stop by a DOM event; its window.postMessage of the same news (kept
  // by WXT for older versions) wakes every message listener of the page, some 8 ms of a watch page's load.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    // A loader: the page's code is a module (entrypoints/youtube-page/), compiled off the main thread.
    const page = await loadPageModule();
    if (ctx.isValid) await page.start(ctx, (options) => createShadowRootUi(ctx, options));
  },
});
