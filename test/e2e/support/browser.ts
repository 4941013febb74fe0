import { existsSync } from 'node:fs';
import { type BrowserContext, chromium } from '@playwright/test';

/** CHROMIUM_PATH, else Debian's Chromium, else Playwright's own browser (after `npx playwright install chromium`). */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export async function launchWithExtension(extensionDir: string, headless = true): Promise<BrowserContext> {
  return chromium.launchPersistentContext('', {
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
    ],
  });
}
