import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { loadCatalogue, loadMoreMessages } from '../../utils/i18n/load';
import { onLanguageChange } from '../../utils/i18n/preference';
import { runEffectsWithoutFrames } from '../hooks/effects-without-frames';
import { channelModuleAsked } from './lazy';
import type { CreateUi } from './modules';
import { createPanelMount } from './mount';

/** What the page module does on every YouTube page (entrypoints/youtube-page/): the panel, kept in place and language. */
export async function startPage(ctx: ContentScriptContext, createUi: CreateUi): Promise<void> {
  runEffectsWithoutFrames();
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
}
