import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { Browser } from '@wxt-dev/browser';
import { z } from 'zod';
import type { MenuClickInfo, ShownNotification } from '../../extension-world';
import type { TestService } from './service';

/** The popup and the options page, opened in a tab the way tests can reach them. */
export async function openExtensionPage(
  context: BrowserContext,
  extensionId: string,
  name: 'popup' | 'options',
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/${name}.html`);
  return page;
}

const ServiceAccount = z.object({
  plan: z.string(),
  cloudRequests: z.number(),
  aiUnits: z.number(),
  aiTopUp: z.number(),
});

/** The account as the service holds it (an update with no fields changes nothing and returns it). */
export async function accountOnService(service: TestService, token: string) {
  return ServiceAccount.parse(await service.control('accounts', { token }));
}

/**
 * A click on one of the extension's context-menu items, delivered to the listener the background registered,
 * through Chromium's own event (`contextMenus.onClicked.dispatch`) with the OnClickData a click carries and the
 * browser's own Tab of the active tab (`page`'s, brought to the front, when given). Headless Chromium draws no
 * context menu a test could click. The Tab is as Chromium hands it to this extension, without the tabs
 * permission: no url nor title. It returns once the event is dispatched: the test waits for what the click does
 * (a job, a window, a tab, a notification).
 */
export async function clickMenuItem(worker: Worker, info: MenuClickInfo, page?: Page): Promise<void> {
  await page?.bringToFront();
  await worker.evaluate(
    async ({ info, pageUrl }) => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      if (tab === undefined) throw new Error('no active tab to click in');
      chrome.contextMenus.onClicked.dispatch({ editable: false, frameId: 0, pageUrl, ...info }, tab);
    },
    { info, pageUrl: page?.url() },
  );
}

/** The menu's sentence for a click it could not act on, once the notification that says it is showing. */
export async function menuProblem(worker: Worker): Promise<string | undefined> {
  const shown = await shownNotifications(worker);
  return shown.filter((n) => n.id === 'tl-menu-problem').at(-1)?.message;
}

type Create = (id: string, options: Browser.notifications.NotificationCreateOptions) => Promise<string>;

/**
 * Chrome has no API to read back what a notification says, only which ids are showing. So the test
 * wraps `notifications.create` in the worker to remember the options it was given, and still shows it.
 */
export async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    globalThis.__tlShown = [];
    // The polyfill's `browser` (when present) wraps chrome's own: record through whichever the worker calls.
    const apis = new Set<{ create: Create } | undefined>([chrome.notifications, globalThis.browser?.notifications]);
    for (const api of apis) {
      if (!api) continue;
      const original = api.create.bind(api);
      api.create = (id, options) => {
        globalThis.__tlShown?.push({ id, title: options.title, message: options.message });
        return original(id, options);
      };
    }
  });
}

/** The notifications recorded since `recordNotifications` that Chrome still shows. */
export function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const showing = await chrome.notifications.getAll();
    return (globalThis.__tlShown ?? []).filter((n) => n.id in showing);
  });
}

/**
 * `options_ui` is embedded (open_in_tab: false): `runtime.openOptionsPage()` opens Chrome's extensions page
 * with options.html inside it as a webview. Returns the options.html targets the browser now holds.
 */
export async function embeddedOptions(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    return targetInfos.filter((t) => t.type === 'webview' && t.url.endsWith('/options.html')).map((t) => t.url);
  } finally {
    await cdp.detach();
  }
}
