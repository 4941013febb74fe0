import type { BrowserContext, Page, Worker } from '@playwright/test';
import { z } from 'zod';
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

export type MenuInfo = { menuItemId: string; linkUrl?: string; pageUrl?: string };
export type MenuResult = { started: boolean; requestId?: string; error?: string; opened?: string };
type MenuGlobal = { __tlMenuClick(info: MenuInfo, tabTitle?: string): Promise<MenuResult> };

/** "Analyze this video" as Chromium dispatches a click on it (test builds expose the handler). */
export function menuClick(worker: Worker, info: MenuInfo, tabTitle?: string): Promise<MenuResult> {
  return worker.evaluate(({ info, tabTitle }) => (globalThis as unknown as MenuGlobal).__tlMenuClick(info, tabTitle), {
    info,
    tabTitle,
  });
}

export type Shown = { id: string; title: string; message: string };
type Notifications = {
  create: (...args: unknown[]) => Promise<unknown>;
  getAll(): Promise<Record<string, unknown>>;
};
type Namespaces = {
  chrome: { notifications: Notifications };
  browser?: { notifications: Notifications };
  __tlShown?: Shown[];
};

/**
 * Chrome has no API to read back what a notification says, only which ids are showing. So the test
 * wraps `notifications.create` in the worker to remember the options it was given, and still shows it.
 */
export async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as Namespaces;
    g.__tlShown = [];
    for (const api of new Set([g.chrome.notifications, g.browser?.notifications])) {
      if (!api) continue;
      const original = api.create.bind(api);
      api.create = (...args: unknown[]) => {
        const [id, options] = args as [string, { title: string; message: string }];
        g.__tlShown?.push({ id, title: options.title, message: options.message });
        return original(...args);
      };
    }
  });
}

/** The notifications recorded since `recordNotifications` that Chrome still shows. */
export function shownNotifications(worker: Worker): Promise<Shown[]> {
  return worker.evaluate(async () => {
    const g = globalThis as unknown as Namespaces;
    const showing = await g.chrome.notifications.getAll();
    return (g.__tlShown ?? []).filter((n) => n.id in showing);
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
