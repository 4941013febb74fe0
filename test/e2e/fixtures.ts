import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { launchTestBrowser, type TestBrowser } from './support/browser';
import { type MediaLengths, serveSeekableMedia } from './support/media';
import { configureExtension, failOnServiceLimits, startTestService, type TestService } from './support/service';

type Fixtures = {
  /** Per-test media lengths in seconds (`null`: the player never learns it); the fixture routes serve the rest. */
  mediaLengths: MediaLengths;
  /** The launched browser (context, service worker, extension id), shared by the fixtures below. */
  launched: TestBrowser;
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
    // The extension keeps to the spec's rate limits: a 429 of the service's own (not one the test injected, nor
    // an answer to the test's own calls) fails the test that met it.
    await failOnServiceLimits(service);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  launched: async ({}, use) => {
    const launched = await launchTestBrowser();
    await use(launched);
    await launched.context.close();
  },
  mediaLengths: [{}, { option: true }],
  context: async ({ launched, mediaLengths }, use) => {
    await serveSeekableMedia(launched.context, mediaLengths);
    await use(launched.context);
  },
  serviceWorker: async ({ launched }, use) => use(launched.worker),
  extensionId: async ({ launched }, use) => use(launched.extensionId),
  openVideo: async ({ context }, use) => {
    await use(async (id, path) => {
      const page = await context.newPage();
      await page.goto(`https://www.youtube.com${path ?? `/watch?v=${id}`}`);
      return page;
    });
  },
});

export const expect = test.expect;
