import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { Browser } from '@wxt-dev/browser';
import { z } from 'zod';
import type { MenuClickInfo, MenuClickResult, ShownNotification } from '../../extension-world';
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

/** "Analyze this video" as Chromium dispatches a click on it (test builds expose the handler). */
export function menuClick(worker: Worker, info: MenuClickInfo, tabTitle?: string): Promise<MenuClickResult> {
  return worker.evaluate(({ info, tabTitle }) => globalThis.__tlMenuClick(info, tabTitle), {
    info,
    tabTitle,
  });
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
