import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { chromiumPath } from '../e2e/support/browser';
import { EXTENSION_DIR } from '../e2e/support/build';
import { connectCdp, type RawCdp } from './raw-cdp';

/**
 * The switches Playwright 1.65 launches Chromium with (read from the process's command line), less those for Edge,
 * Windows, Chrome for Testing, DevTools' own window and WebGL's software fallback (and --disable-extensions, which
 * --load-extension overrides), then browser.ts's: the bench's other figures' browser, only no driver attached.
 */
const PLAYWRIGHT_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,' +
    'HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,' +
    'AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--disable-infobars',
  '--disable-sync',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--no-sandbox',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * A Chromium the bench launches itself, with the test build, reached over raw CDP at a port on 127.0.0.1.
 * `withDriver` connects Playwright for setup (routes, settings, saved transcripts) and disconnects it after,
 * so that nothing of Playwright's is left in the browser when a measurement starts.
 */
export type DriverlessBrowser = {
  cdp: RawCdp;
  extensionId: string;
  withDriver: <T>(use: (context: BrowserContext) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

async function devToolsPort(profile: string, child: ChildProcess): Promise<string> {
  const file = join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode})`);
    if (existsSync(file)) {
      // Its first line is the port, once Chromium listens (the second, the browser target's path).
      const [port, path] = readFileSync(file, 'utf8').split('\n');
      if (port && path) return `127.0.0.1:${port}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium wrote no DevToolsActivePort');
}

/** The extension's id, from its service worker's target (listed without attaching to it). */
async function extensionIdOf(cdp: RawCdp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { targetInfos } = await cdp.send<{ targetInfos: { type: string; url: string }[] }>('Target.getTargets');
    const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
    if (worker) return new URL(worker.url).host;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no extension worker');
}

export async function launchDriverless(extensionDir = EXTENSION_DIR): Promise<DriverlessBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'tl-driverless-'));
  const child = spawn(
    chromiumPath() ?? 'chromium',
    [
      ...PLAYWRIGHT_SWITCHES,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const host = await devToolsPort(profile, child);
  const { webSocketDebuggerUrl } = (await (await fetch(`http://${host}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cdp = await connectCdp(webSocketDebuggerUrl);
  const extensionId = await extensionIdOf(cdp);
  const withDriver = async <T>(use: (context: BrowserContext) => Promise<T>) => {
    const browser = await chromium.connectOverCDP(`http://${host}`);
    try {
      const context = browser.contexts()[0];
      if (!context) throw new Error('no default context');
      return await use(context);
    } finally {
      await browser.close();
    }
  };
  const close = async () => {
    await cdp.send('Browser.close').catch(() => undefined);
    cdp.close();
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(profile, { recursive: true, force: true });
  };
  return { cdp, extensionId, withDriver, close };
}
