import { browser } from 'wxt/browser';
import { loadMoreMessages } from '../../utils/i18n/load';
import { lazyModule } from './lazy-module';
import type { ChannelModule, PageModule, TabsModule } from './modules';

/**
 * The modules the content script loads (the page module, all it does, on every page; the others only on the pages
 * that use them), from the extension's own files (web_accessible_resources on https://www.youtube.com/* only,
 * wxt.config.ts), into its own isolated world:
 * `import()` of an extension URL works from content scripts in Chromium and in Firefox.
 * docs/benchmarks.md says what each page loads.
 */
/**
 * A module's address for `import()`: in a YouTube page, the web-accessible one `getURL` gives; in the extension's
 * own page (the panel's frame) the same file at that page's origin, since Chromium gives web-accessible files a
 * per-session address of another origin, which an extension page's policy (`script-src 'self'`) refuses.
 */
function fromHere(url: string): string {
  if (!location.protocol.endsWith('-extension:')) return url;
  return `${location.origin}${new URL(url).pathname}`;
}

type Default<T> = { default: T };

// Each loader is marked pure, so that a bundle which does not use it leaves it (and what it imports) out: the
// YouTube loader uses only the page module's.

/** The channel page's panel: the channel view, bulk downloads, channel search (entrypoints/youtube-channel/). */
export const loadChannelModule = /* @__PURE__ */ lazyModule(() =>
  Promise.all([
    import(/* @vite-ignore */ fromHere(browser.runtime.getURL('/youtube-channel.js'))),
    // Its words, in the panel's language (utils/i18n): handed to it with the rest of the catalogue.
    loadMoreMessages('channel'),
  ]).then(([module]: [Default<ChannelModule>, unknown]) => module.default),
);

/** Everything the content script does (entrypoints/youtube-page/), on every YouTube page. */
export const loadPageModule = /* @__PURE__ */ lazyModule(() =>
  import(/* @vite-ignore */ fromHere(browser.runtime.getURL('/youtube-page.js'))).then(
    (module: Default<PageModule>) => module.default,
  ),
);

/** The panel's Analysis and Ask tabs (entrypoints/youtube-tabs/), when a person first opens one. */
export const loadTabsModule = /* @__PURE__ */ lazyModule(() =>
  import(/* @vite-ignore */ fromHere(browser.runtime.getURL('/youtube-tabs.js'))).then(
    (module: Default<TabsModule>) => module.default,
  ),
);

/** Whether a page has asked for the channel module: its words are then loaded again with a new language. */
export const channelModuleAsked = (): boolean => loadChannelModule.asked();
