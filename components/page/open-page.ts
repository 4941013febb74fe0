import { browser } from 'wxt/browser';

/** Opens one of the extension's own pages in a new tab (the popup's and the options page's links to them). */
const openPage = (path: '/library.html' | '/spending.html') => () =>
  void browser.tabs.create({ url: browser.runtime.getURL(path) });

export const openLibraryPage = openPage('/library.html');
export const openSpendingPage = openPage('/spending.html');
