import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { channelModuleAsked } from '../../components/youtube/lazy';
import type { PageModule } from '../../components/youtube/modules';
import { createPanelMount } from '../../components/youtube/mount';
import { loadCatalogue, loadMoreMessages } from '../../utils/i18n/load';
import { onLanguageChange } from '../../utils/i18n/preference';

/**
 * Everything the YouTube content script does, as a module it imports from the extension's files
 * (components/youtube/lazy.ts; PageModule in components/youtube/modules.ts). A module because V8 compiles an
 * imported module on a background thread while it streams, and the build heads this one with
 * `//# allFunctionsCalledOnLoad` (wxt.config.ts), so its functions are compiled there too instead of on the page's
 * main thread at their first call (a content script gets no code cache): docs/benchmarks.md, "Page cost". It runs
 * in the content script's isolated world.
 */
export default defineUnlistedScript(
  (): PageModule => ({
    async start(ctx, createUi) {
      // The panel's words come from the catalogue of the interface language (utils/i18n), read before it is drawn:
      // the mount watches the page from its creation on, and would draw message keys into a panel placed earlier.
      await loadCatalogue('content');
      const mount = createPanelMount(ctx, createUi);
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
  }),
);
