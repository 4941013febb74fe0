// What e2e, bench and Firefox code evaluated inside the extension (worker, background page, extension pages)
// sees: the browsers' own namespaces and the hooks test builds expose (entrypoints/background/index.ts).
// Product code imports `browser` from wxt/browser; test/unit/layers.test.ts keeps these globals out of it.
import type { Browser } from '@wxt-dev/browser';

export type MenuClickInfo = { menuItemId: string; linkUrl?: string; pageUrl?: string };
export type MenuClickResult = { started: boolean; requestId?: string; error?: string; opened?: string };
export type ShownNotification = { id: string; title: string; message: string };

type TestHooks = {
  __tlMenuClick(info: MenuClickInfo, tabTitle?: string): Promise<MenuClickResult>;
  /** The keyboard command's listener: Chromium passes the command's name and the active tab. */
  __tlCommand(command: string, tab: Browser.tabs.Tab): Promise<void>;
  /** Notifications a test recorded (Chrome cannot read back what one says; headless Firefox closes them). */
  __tlShown?: ShownNotification[];
  /** IndexedDB's own put, kept while a test makes writes fail. */
  __tlPut?: IDBObjectStore['put'];
};

declare global {
  /** Firefox's background page, as runtime.getBackgroundPage() returns it. */
  interface Window extends TestHooks {
    browser: typeof Browser;
  }
  var chrome: typeof Browser;
  var browser: typeof Browser;
  var __tlMenuClick: TestHooks['__tlMenuClick'];
  var __tlCommand: TestHooks['__tlCommand'];
  var __tlShown: ShownNotification[] | undefined;
  var __tlPut: IDBObjectStore['put'] | undefined;
}
