import './panel.css';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { createPanelMount } from './mount';

export default defineContentScript({
  matches: ['https://www.youtube.com/*', 'https://m.youtube.com/*'],
  cssInjectionMode: 'ui',
  runAt: 'document_idle',
  async main(ctx) {
    const mount = createPanelMount(ctx, (options) => createShadowRootUi(ctx, options));
    mount.sync();
    ctx.addEventListener(window, 'wxt:locationchange', () => mount.sync());
    ctx.addEventListener(document, 'yt-navigate-finish', () => mount.sync());
  },
});
