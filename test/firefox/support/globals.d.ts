import type { Browser } from 'wxt/browser';

declare global {
  /** Firefox's own WebExtension API, as code evaluated in the add-on's pages sees it. */
  const browser: Browser;
}
