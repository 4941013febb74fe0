import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ROOT } from '../../e2e/support/build';
import { serveFixture } from './routes';

/** The Firefox test build: production code plus loopback host access and the secrecy probe. */
export const FIREFOX_DIR = join(ROOT, '.output', 'firefox-mv2-e2e');
export const ADDON_ID = 'transcript-lens@example.org';
/** Fixed by a preference so tests can open the add-on's pages (Firefox picks a random one otherwise). */
export const ADDON_UUID = '7f1d3a52-9c4e-4b8a-a1f0-5e2c6d8b9a10';
export const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

/** FIREFOX_PATH, else Debian's firefox-esr (`/usr/bin/firefox`). */
export function firefoxPath(): string {
  for (const candidate of [process.env.FIREFOX_PATH, '/usr/bin/firefox', '/usr/bin/firefox-esr']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error('No Firefox found: install firefox-esr or set FIREFOX_PATH');
}

export function buildFirefoxExtension(): void {
  if (process.env.TL_SKIP_BUILD === '1' && existsSync(FIREFOX_DIR)) return;
  const wxt = join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs');
  execFileSync(process.execPath, [wxt, 'build', '-b', 'firefox', '--mode', 'e2e'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Headless Firefox over WebDriver BiDi (no driver download) with the add-on installed as a temporary add-on.
 * `--remote-allow-system-access` lets the driver open moz-extension:// pages (the popup and the options);
 * optional permission requests are granted without the doorhanger, which the driver cannot reach.
 */
export async function launchFirefox(addon: string = FIREFOX_DIR): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    // A desktop window, as the Chromium suite uses: below 1000 px the watch page has no right column.
    defaultViewport: { width: 1400, height: 900 },
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      'extensions.webextOptionalPermissionPrompts': false,
      'media.autoplay.default': 0,
    },
  });
  await browser.installExtension(addon);
  return browser;
}

/** A tab on a fixture page served at its real YouTube address (request interception over BiDi). */
export async function openYouTube(browser: Browser, path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', (request) => void serveFixture(request));
  // Not the page's `load`: it waits for every fixture file through the driver's interception, the video's media
  // too (a media element delays load), and that stalled past 60 s once in a fresh-clone run on a busy two-core
  // machine. The content script runs at document_idle, after DOMContentLoaded, and every test waits for what it
  // reads (the panel's elements, the media's length) with `until`.
  await page.goto(`https://www.youtube.com${path}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  return page;
}

export const openVideo = (browser: Browser, id: string) => openYouTube(browser, `/watch?v=${id}`);

/**
 * An add-on page in a tab. Firefox moves the tab into the extension process, which the driver sees as a
 * detached navigation; the page is ready once its document says so.
 */
export async function openExtensionPage(browser: Browser, name: 'popup' | 'options' | 'library'): Promise<Page> {
  const page = await browser.newPage();
  // The driver never hears this navigation end (the tab changes process); the document is polled instead.
  void page.goto(`${EXTENSION_ORIGIN}/${name}.html`).catch(() => undefined);
  await until(async () => {
    const ready = await page
      .evaluate(() => location.protocol === 'moz-extension:' && document.readyState === 'complete')
      .catch(() => false);
    return ready || undefined;
  });
  return page;
}

/** Polls `probe` until it returns something other than undefined/false; throws with `what` on timeout. */
export async function until<T>(
  probe: () => Promise<T | undefined | false>,
  { timeout = 10_000, interval = 100, what = 'condition' } = {},
): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
