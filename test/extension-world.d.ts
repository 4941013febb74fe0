// What e2e, bench and Firefox code evaluated inside the extension (worker, background page, extension pages)
// sees: the browsers' own namespaces, Chromium's dispatch on the events tests fire, and the one hook the Firefox
// test build exposes (entrypoints/background/index.ts).
// Product code imports `browser` from wxt/browser; test/unit/layers.test.ts keeps these globals out of it.
import type { Browser } from '@wxt-dev/browser';

export type MenuClickInfo = { menuItemId: string; linkUrl?: string; pageUrl?: string };
export type MenuClickResult = { started: boolean; requestId?: string; error?: string; opened?: string };
export type ShownNotification = { id: string; title: string; message: string };

type TestHooks = {
  /** Firefox test builds only: the listener registered for menus.onClicked, which Firefox cannot be made to fire. */
  __tlMenuClick(info: MenuClickInfo, tab?: Browser.tabs.Tab): Promise<MenuClickResult>;
  /** Notifications a test recorded (Chrome cannot read back what one says; headless Firefox closes them). */
  __tlShown?: ShownNotification[];
  /** IndexedDB's own put, kept while a test makes writes fail. */
  __tlPut?: IDBObjectStore['put'];
};

/**
 * Chromium's extension events carry `dispatch` (left out of the typings): it runs the listeners the extension
 * registered, with the arguments given, as the browser does when the event happens.
 */
type Dispatch<T extends (...args: never[]) => void> = { dispatch(...args: Parameters<T>): void };
type ChromiumEvents = {
  contextMenus: { onClicked: Dispatch<(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab) => void> };
  commands: { onCommand: Dispatch<(command: string, tab?: Browser.tabs.Tab) => void> };
};

declare global {
  /** Firefox's background page, as runtime.getBackgroundPage() returns it. */
  interface Window extends TestHooks {
    browser: typeof Browser;
  }
  var chrome: typeof Browser & ChromiumEvents;
  var browser: typeof Browser;
  var __tlShown: ShownNotification[] | undefined;
  var __tlPut: IDBObjectStore['put'] | undefined;
}
