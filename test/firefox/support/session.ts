import type { Browser } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { failOnServiceLimits, startTestService, type TestService } from '../../e2e/support/service';
import { Addon } from './extension';
import { launchFirefox } from './firefox';

export type Session = { browser: Browser; service: TestService; addon: Addon };

/**
 * One Firefox and one local service per test file (Firefox starts in about 3 s); before each test the
 * service is reset with every rate limit of the spec on, the add-on pointed at it with `token`, and every tab
 * but the add-on's own closed. After each test, a 429 of the service's own limits (not an injected fault's,
 * nor an answer to the test's own calls) fails it, as in the Chromium suite.
 */
export function firefoxSession(token = 'demo-pro'): Session {
  const session = {} as Session;
  beforeAll(async () => {
    session.service = await startTestService();
    session.browser = await launchFirefox();
    session.addon = await Addon.open(session.browser);
  });
  beforeEach(async () => {
    for (const page of await session.browser.pages()) {
      if (page !== session.addon.page) await page.close().catch(() => undefined);
    }
    await session.service.reset({ limits: true });
    await session.addon.configure(session.service.url, token);
  });
  afterEach(async () => {
    await failOnServiceLimits(session.service);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.service?.running.close();
  });
  return session;
}
