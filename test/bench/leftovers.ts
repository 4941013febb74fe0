import type { BrowserContext, Page, Worker } from '@playwright/test';

/** A page by where it is: `ext/library.html` for the extension's own, the host and path for others. */
const whereOf = (page: Page) => {
  const url = new URL(page.url());
  return url.protocol === 'chrome-extension:' ? `ext${url.pathname}` : `${url.host}${url.pathname}`;
};

/**
 * Closes every page but the browser's blank first one and says what closed, counted by where it was ('' when
 * none): a measurement's leftovers, before the next one starts.
 */
export async function closeLeftPages(context: BrowserContext): Promise<string> {
  const left = context.pages().filter((p) => p.url() !== 'about:blank');
  const counts = new Map<string, number>();
  for (const p of left) counts.set(whereOf(p), (counts.get(whereOf(p)) ?? 0) + 1);
  await Promise.all(left.map((p) => p.close()));
  return [...counts].map(([where, n]) => `${n} ${where}`).join(', ');
}

/**
 * What earlier stages leave in the browser and the worker that a library open could wait behind, for the log:
 * the pages open (by origin and path), the tabs the extension sees, its alarms, the keys in its storage areas,
 * and the browser's targets by type (workers, iframes, pages the bench did not open itself).
 */
export async function leftovers(context: BrowserContext, worker: Worker): Promise<string> {
  const pages = context.pages().map(whereOf);
  const inWorker = await worker.evaluate(async () => {
    const chromeApi = Reflect.get(globalThis, 'chrome') as typeof chrome;
    const [tabs, alarms, local, session] = await Promise.all([
      chromeApi.tabs.query({}),
      chromeApi.alarms.getAll(),
      chromeApi.storage.local.get(null),
      chromeApi.storage.session.get(null),
    ]);
    return {
      tabs: tabs.length,
      alarms: alarms.map(
        (a) => `${a.name}@${Math.round((a.scheduledTime - Date.now()) / 1000)}s/${a.periodInMinutes ?? '-'}`,
      ),
      local: Object.keys(local),
      session: Object.keys(session),
      databases: (await indexedDB.databases()).map((d) => d.name ?? '?'),
    };
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  await page.close();
  const targets = new Map<string, number>();
  for (const t of targetInfos) targets.set(t.type, (targets.get(t.type) ?? 0) + 1);
  return [
    `pages ${pages.length} [${pages.join(' ')}]`,
    `tabs ${inWorker.tabs}`,
    `targets ${[...targets].map(([type, n]) => `${n} ${type}`).join(', ')}`,
    `alarms [${inWorker.alarms.join(' ')}]`,
    `storage.local ${inWorker.local.length} keys [${inWorker.local.slice(0, 20).join(' ')}]`,
    `storage.session ${inWorker.session.length} keys [${inWorker.session.slice(0, 20).join(' ')}]`,
    `databases [${inWorker.databases.join(' ')}]`,
  ].join('; ');
}
