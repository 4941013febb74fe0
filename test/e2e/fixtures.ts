import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { routeYouTube } from '../fixtures/routes';
import { launchWithExtension } from './support/browser';
import { EXTENSION_DIR } from './support/build';
import { configureExtension, startTestService, type TestService } from './support/service';

type Fixtures = {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  openVideo: (id: string, path?: string) => Promise<Page>;
  /** The extension pointed at a freshly reset local service; use `token` to pick the account. */
  token: string | null;
  configured: TestService;
};

type WorkerFixtures = { service: TestService };

export const test = base.extend<Fixtures, WorkerFixtures>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const service = await startTestService();
      await use(service);
      await service.running.close();
    },
    { scope: 'worker' },
  ],
  token: ['demo-pro', { option: true }],
  configured: async ({ service, serviceWorker, token }, use) => {
    await service.reset();
    await configureExtension(serviceWorker, service.url, token);
    await use(service);
  },
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
