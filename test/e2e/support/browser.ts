import { existsSync } from 'node:fs';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { routeYouTube } from '../../fixtures/routes';
import { EXTENSION_DIR } from './build';

/** CHROMIUM_PATH, else Debian's Chromium, else Playwright's own browser (after `npx playwright install chromium`). */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** `userDataDir`: a profile kept between runs (a bench's seeded library); a fresh one when empty. */
export async function launchWithExtension(
  extensionDir: string,
  headless = true,
  userDataDir = '',
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    headless,
    executablePath: chromiumPath(),
    viewport: { width: 1400, height: 900 },
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--autoplay-policy=no-user-gesture-required',
      // V8's flags for a bench tool (test/bench/page-lazy-compiles.ts: V8's log of the functions it compiles).
      ...(process.env.TL_JS_FLAGS ? [`--js-flags=${process.env.TL_JS_FLAGS}`] : []),
    ],
  });
}

export type TestBrowser = { context: BrowserContext; worker: Worker; extensionId: string };

/**
 * The one setup of e2e, bench and demo: Chromium with the test build, fixture pages at real YouTube URLs
 * (nothing else leaves the machine), and the extension's service worker.
 */
export async function launchTestBrowser({ headless = true, userDataDir = '' } = {}): Promise<TestBrowser> {
  const context = await launchWithExtension(EXTENSION_DIR, headless, userDataDir);
  await routeYouTube(context);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker, extensionId: new URL(worker.url()).host };
}
