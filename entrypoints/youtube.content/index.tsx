import './panel.css';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { createPanelMount } from './mount';

export default defineContentScript({
  // Not the mobile site (m.youtube.com): it has no side column and another player, and a panel there would
  // cover a phone's player; its video links still work from the context menu and the popup (docs/youtube-layouts.md).
  matches: ['https://www.youtube.com/*'],
  cssInjectionMode: 'ui',
  runAt: 'document_idle',
  async main(ctx) {
    const mount = createPanelMount(ctx, (options) => createShadowRootUi(ctx, options));
    mount.sync();
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
