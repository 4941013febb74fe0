import type { Browser, Page } from 'puppeteer-core';
import type { browser as wxtBrowser } from 'wxt/browser';
import { openExtensionPage } from './firefox';

/**
 * The add-on from inside: an extension page of its own (the popup, in a tab) reaches the background page
 * through runtime.getBackgroundPage (Manifest V2), storage.local and the extension origin's IndexedDB.
 */
/** Firefox's own WebExtension API, as code evaluated in the add-on's pages reaches it. */
type Ext = { browser: typeof wxtBrowser };

export type Shown = { id: string; title: string; message: string };

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
        await (globalThis as unknown as Ext).browser.storage.local.set({ settings, settings$: { v: 1 } });
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

  /** "Analyze this video" as Firefox dispatches a menu click (test builds expose the handler). */
  menuClick(info: { menuItemId: string; linkUrl?: string; pageUrl?: string }) {
    return this.page.evaluate(async (info) => {
      type Bg = { __tlMenuClick(i: unknown): Promise<{ started: boolean; error?: string; requestId?: string }> };
      const background = (await (globalThis as unknown as Ext).browser.runtime.getBackgroundPage()) as unknown as Bg;
      return background.__tlMenuClick(info);
    }, info);
  }

  badgeText(): Promise<string> {
    return this.page.evaluate(() => {
      type Action = { getBadgeText(details: object): Promise<string> };
      return (globalThis as unknown as { browser: { browserAction: Action } }).browser.browserAction.getBadgeText({});
    });
  }

  /**
   * Headless Firefox has no desktop notifications to show: one closes as soon as it is created, so
   * notifications.getAll() is empty by the time a test looks. The test wraps notifications.create in the
   * background page to remember what it was asked to show, and still calls Firefox's own.
   */
  recordNotifications(): Promise<void> {
    return this.page.evaluate(async () => {
      type Create = (id: string, options: { title: string; message: string }) => Promise<string>;
      type Bg = { browser: { notifications: { create: Create } }; __tlShown?: Shown[] };
      const background = (await (globalThis as unknown as Ext).browser.runtime.getBackgroundPage()) as unknown as Bg;
      const api = background.browser.notifications;
      const original = api.create.bind(api);
      background.__tlShown = [];
      api.create = (id, options) => {
        background.__tlShown?.push({ id, title: options.title, message: options.message });
        return original(id, options);
      };
    });
  }

  shownNotifications(): Promise<Shown[]> {
    return this.page.evaluate(async () => {
      const background = (await (globalThis as unknown as Ext).browser.runtime.getBackgroundPage()) as unknown as {
        __tlShown?: Shown[];
      };
      return JSON.parse(JSON.stringify(background.__tlShown ?? [])) as Shown[];
    });
  }

  localStorageArea(): Promise<Record<string, unknown>> {
    return this.page.evaluate(() => (globalThis as unknown as Ext).browser.storage.local.get(null));
  }

  hasOrigin(origin: string): Promise<boolean> {
    return this.page.evaluate(
      (o) => (globalThis as unknown as Ext).browser.permissions.contains({ origins: [o] }),
      origin,
    );
  }
}
