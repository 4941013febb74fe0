import { browser } from 'wxt/browser';

/** Opens one of the extension's own pages in a new tab. */
const openPage = (path: '/library.html' | '/spending.html') => () =>
  void browser.tabs.create({ url: browser.runtime.getURL(path) });

/** The extension's pages that the popup and the options page link to; a test hands in its own. */
export type OwnPages = { openLibrary: () => void; openSpending: () => void };

export const ownPages: OwnPages = { openLibrary: openPage('/library.html'), openSpending: openPage('/spending.html') };
