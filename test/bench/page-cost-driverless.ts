import { liveWorker } from '../e2e/support/bulk';
import { configureExtension, type TestService } from '../e2e/support/service';
import { routeYouTube } from '../fixtures/routes';
import type { DriverlessBrowser } from './driverless-browser';
import { serveFixtures } from './fetch-fixtures';
import { MIN_SAMPLES } from './figures';
import { FLOOR, type Load, WINDOW_MS } from './page-cost-figures';
import type { RawCdp } from './raw-cdp';
import { SAVED, saveTranscripts } from './saved-videos';

/** Main-thread figures of a target's renderer so far, in ms (CDP Performance.getMetrics, thread ticks). */
type Metrics = { thread: number; script: number; style: number; layout: number };

async function metrics(cdp: RawCdp, sessionId: string): Promise<Metrics> {
  const { metrics } = await cdp.send<{ metrics: { name: string; value: number }[] }>(
    'Performance.getMetrics',
    {},
    sessionId,
  );
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return {
    thread: value('ThreadTime'),
    script: value('ScriptDuration'),
    style: value('RecalcStyleDuration'),
    layout: value('LayoutDuration'),
  };
}

/** A new tab at `url` and a session on it with only the Performance domain (thread ticks). */
export async function openTab(cdp: RawCdp, url: string): Promise<{ targetId: string; sessionId: string }> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' }, sessionId);
  return { targetId, sessionId };
}

/**
 * The extension process's main thread (where Chromium runs the panel's frame), read through an idle page of the
 * extension in a tab of its own, as page-cost.ts does: its one session has only the Performance domain.
 */
export async function extensionThread(browser: DriverlessBrowser): Promise<{
  read: () => Promise<number>;
  close: () => Promise<void>;
}> {
  const { cdp, extensionId } = browser;
  const tab = await openTab(cdp, `chrome-extension://${extensionId}/panel-frame.html`);
  return {
    read: async () => (await metrics(cdp, tab.sessionId)).thread,
    close: async () => {
      await cdp.send('Target.closeTarget', { targetId: tab.targetId });
    },
  };
}

/** Whether the panel's frame shows a cue: read once the window is over, by attaching to the frame's target then. */
async function frameShowsCue(cdp: RawCdp): Promise<boolean> {
  const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string; url: string }[] }>(
    'Target.getTargets',
  );
  const frame = targetInfos.find((t) => t.type === 'iframe' && t.url.includes('/panel-frame.html'));
  if (!frame) return false;
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId: frame.targetId,
    flatten: true,
  });
  const { result } = await cdp.send<{ result: { value?: unknown } }>(
    'Runtime.evaluate',
    { expression: `document.querySelector('.tl-cue') != null`, returnByValue: true },
    sessionId,
  );
  await cdp.send('Target.detachFromTarget', { sessionId });
  return result.value === true;
}

/**
 * One load as page-cost.ts makes it, with no driver: a new tab whose one session has the Performance domain (read
 * before and after) and the Fetch domain (the fixture served), the same on both hosts; nothing looks at the page
 * or the frame during the window, and nothing attaches to the panel's frame until the threads are read.
 */
export async function driverlessLoad(
  browser: DriverlessBrowser,
  host: string,
  id: string,
  extension: () => Promise<number>,
): Promise<Load> {
  const { cdp } = browser;
  const tab = await openTab(cdp, 'about:blank');
  const stopServing = await serveFixtures(cdp, tab.sessionId);
  const before = await metrics(cdp, tab.sessionId);
  const extensionBefore = await extension();
  const start = Date.now();
  await cdp.send('Page.navigate', { url: `https://${host}/watch?v=${id}` }, tab.sessionId);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, WINDOW_MS - (Date.now() - start))));
  const after = await metrics(cdp, tab.sessionId);
  const extensionAfter = await extension();
  const shown = host === 'www.youtube.com' && (await frameShowsCue(cdp));
  await cdp.send('Target.closeTarget', { targetId: tab.targetId });
  stopServing();
  // A new tab's first navigation moves to a new renderer process, whose counters start at zero.
  const since = (a: number, b: number) => (a >= b ? a - b : a);
  const failed = host === 'www.youtube.com' && !shown && !FLOOR;
  return {
    threadMs: failed ? Number.NaN : since(after.thread, before.thread),
    scriptMs: since(after.script, before.script),
    styleMs: since(after.style, before.style),
    layoutMs: since(after.layout, before.layout),
    shown,
    extensionMs: extensionAfter - extensionBefore,
  };
}

/**
 * The setup, with Playwright connected and then gone: the extension pointed at the service, the transcripts
 * saved ("Load transcript", a trusted click, as a person would).
 */
export async function prepareDriverless(browser: DriverlessBrowser, service: TestService): Promise<void> {
  await service.reset({ limits: false });
  await browser.withDriver(async (context) => {
    await routeYouTube(context);
    await configureExtension(await liveWorker(context), service.url, 'demo-pro');
    if (!FLOOR) await saveTranscripts(context);
  });
}

/** The loads of page-cost.ts (a warm-up pair, then MIN_SAMPLES pairs), made without a driver. */
export async function driverlessLoads(browser: DriverlessBrowser): Promise<{ without: Load[]; withExtension: Load[] }> {
  const clock = await extensionThread(browser);
  const without: Load[] = [];
  const withExtension: Load[] = [];
  await driverlessLoad(browser, 'm.youtube.com', SAVED[0], clock.read);
  await driverlessLoad(browser, 'www.youtube.com', SAVED[0], clock.read);
  for (let i = 0; i < MIN_SAMPLES; i++) {
    const id = SAVED[i % SAVED.length] ?? SAVED[0];
    without.push(await driverlessLoad(browser, 'm.youtube.com', id, clock.read));
    withExtension.push(await driverlessLoad(browser, 'www.youtube.com', id, clock.read));
  }
  await clock.close();
  return { without, withExtension };
}
