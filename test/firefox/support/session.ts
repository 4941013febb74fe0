import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestService, type TestService } from '../../e2e/support/service';
import { Addon } from './extension';
import { launchFirefox } from './firefox';

export type Session = { browser: Browser; service: TestService; addon: Addon };

/**
 * One Firefox and one local service per test file (Firefox starts in about 3 s); before each test the
 * service is reset, the add-on pointed at it with `token`, and every tab but the add-on's own closed.
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
    await session.service.reset();
    await session.addon.configure(session.service.url, token);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.service?.running.close();
  });
  return session;
}
