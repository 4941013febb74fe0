import type { Browser as Ext } from '@wxt-dev/browser';
import type { Browser, Page } from 'puppeteer-core';
import type { ShownNotification } from '../../extension-world';
import { openExtensionPage, until } from './firefox';

/**
 * The add-on from inside: an extension page of its own (the popup, in a tab) reaches the background page
 * through runtime.getBackgroundPage (Manifest V2), storage.local and the extension origin's IndexedDB.
 */
type Create = (id: string, options: Ext.notifications.NotificationCreateOptions) => Promise<string>;

export class Addon {
  private constructor(readonly page: Page) {}

  static async open(browser: Browser): Promise<Addon> {
    return new Addon(await openExtensionPage(browser, 'popup'));
  }

  /** Settings in storage.local and the token where the Firefox build keeps it, as the options page saves them. */
  async configure(serviceUrl: string, token: string): Promise<void> {
    await this.page.evaluate(
      async ({ serviceUrl, token }) => {
        const settings = { serviceUrl, language: 'en', defaultMode: 'smart', spendingGuard: 50, cacheBudgetMb: 50 };
        await browser.storage.local.set({ settings, settings$: { v: 1 } });
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('transcript-lens-secrets', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('secrets');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('secrets', 'readwrite');
            tx.objectStore('secrets').put(token, 'apiToken');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        });
      },
      { serviceUrl, token },
    );
  }

  /**
   * "Analyze this video" as Firefox delivers a menu click: the listener the background registered for
   * menus.onClicked (the Firefox test build's one hook: Firefox's events cannot be fired from outside), given
   * the OnClickData a click carries and Firefox's own Tab of the active tab.
   */
  menuClick(info: { menuItemId: string; linkUrl?: string; pageUrl?: string }) {
    return this.page.evaluate(async (info) => {
      // @wxt-dev/browser types the page as an empty Window of its own; it is the DOM's, with the test hooks.
      const background = (await browser.runtime.getBackgroundPage()) as Window | undefined;
      if (!background) throw new Error('The add-on has no background page.');
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      return background.__tlMenuClick({ pageUrl: tab?.url, ...info }, tab);
    }, info);
  }

  badgeText(): Promise<string> {
    return this.page.evaluate(() => new Promise<string>((resolve) => chrome.browserAction.getBadgeText({}, resolve)));
  }

  /**
   * Headless Firefox has no desktop notifications to show: one closes as soon as it is created, so
   * notifications.getAll() is empty by the time a test looks. The test wraps notifications.create in the
   * background page to remember what it was asked to show, and still calls Firefox's own.
   */
  recordNotifications(): Promise<void> {
    return this.page.evaluate(async () => {
      // @wxt-dev/browser types the page as an empty Window of its own; it is the DOM's, with the test hooks.
      const background = (await browser.runtime.getBackgroundPage()) as Window | undefined;
      if (!background) throw new Error('The add-on has no background page.');
      const api: { create: Create } = background.browser.notifications;
      const original = api.create.bind(api);
      background.__tlShown = [];
      api.create = (id, options) => {
        background.__tlShown?.push({ id, title: options.title, message: options.message });
        return original(id, options);
      };
    });
  }

  shownNotifications(): Promise<ShownNotification[]> {
    return this.page.evaluate(async () => {
      // @wxt-dev/browser types the page as an empty Window of its own; it is the DOM's, with the test hooks.
      const background = (await browser.runtime.getBackgroundPage()) as Window | undefined;
      // Copied out of the background page's realm so puppeteer can serialize it.
      return (background?.__tlShown ?? []).map(({ id, title, message }) => ({ id, title, message }));
    });
  }

  localStorageArea(): Promise<Record<string, unknown>> {
    return this.page.evaluate(() => browser.storage.local.get(null));
  }

  hasOrigin(origin: string): Promise<boolean> {
    return this.page.evaluate((o) => browser.permissions.contains({ origins: [o] }), origin);
  }
}

/**
 * The extension's confirmation window (confirm.html, opened by windows.create), once it shows a price: found among
 * the browser's pages by the address its document reports (Firefox moves it into the extension's process, where
 * the driver's own record of its address stays behind).
 */
export async function confirmWindow(browser: Browser): Promise<Page> {
  return until(
    async () => {
      for (const page of await browser.pages()) {
        const here = await page.evaluate(() => location.pathname).catch(() => '');
        if (here === '/confirm.html') return page;
      }
      return undefined;
    },
    { timeout: 15_000, what: 'the Transcript Lens window' },
  );
}

/** Presses the window's Spend with the driver's real input, once it is armed (its price shown for a moment). */
export async function spendInWindow(window: Page): Promise<void> {
  const spend = await until(
    async () => {
      const button = await window.$('xpath/.//button[normalize-space()="Spend" and not(@disabled)]');
      return button ?? undefined;
    },
    { timeout: 15_000, what: 'Spend, armed' },
  );
  await spend.click();
}
