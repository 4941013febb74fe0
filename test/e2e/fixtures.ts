import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { routeYouTube } from '../fixtures/routes';
import { launchWithExtension } from './support/browser';
import { EXTENSION_DIR } from './support/build';

type Fixtures = {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  openVideo: (id: string, path?: string) => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  context: async ({}, use) => {
    const context = await launchWithExtension(EXTENSION_DIR);
    await routeYouTube(context);
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  openVideo: async ({ context }, use) => {
    await use(async (id, path) => {
      const page = await context.newPage();
      await page.goto(`https://www.youtube.com${path ?? `/watch?v=${id}`}`);
      return page;
    });
  },
});

export const expect = test.expect;

/** The panel's shadow host; Playwright locators pierce its open shadow root. */
export const panel = (page: Page) => page.locator('transcript-lens-panel');
