import type { BrowserContext, Page } from '@playwright/test';
import type { TestService } from '../e2e/support/service';
import { type Figure, MIN_SAMPLES } from './figures';
import { costFigures, FLOOR, type Load, WINDOW_MS } from './page-cost-figures';
import { frameShowsCue } from './panel-frame';
import { SAVED, saveTranscripts } from './saved-videos';

/** Reads a main thread's CPU time so far, in ms (CDP Performance.getMetrics ThreadTime, thread ticks). */
type ThreadClock = () => Promise<number>;

async function threadClock(context: BrowserContext, page: Page): Promise<ThreadClock> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
  };
}

/**
 * The extension process's main thread, where Chromium runs the extension's frames (the panel's): read through an
 * idle page of the extension in a tab of its own (panel-frame.html opened alone draws nothing), which shares it.
 */
async function extensionClock(context: BrowserContext): Promise<{ read: ThreadClock; close: () => Promise<void> }> {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  if (!worker) throw new Error('no extension worker');
  const page = await context.newPage();
  await page.goto(new URL('/panel-frame.html', worker.url()).href);
  return { read: await threadClock(context, page), close: () => page.close() };
}

/**
 * One load of a watch page in a new tab: the main thread's CPU time (Performance.getMetrics ThreadTime, with
 * durations in thread time so that other work on the machine does not count) and script time, from the
 * navigation until WINDOW_MS after it started. `host` www.youtube.com runs the content script; m.youtube.com
 * serves the very same fixture page, where the content script does not run (it matches www only).
 */
async function load(context: BrowserContext, host: string, id: string, extension: ThreadClock): Promise<Load> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return {
      thread: value('ThreadTime') * 1000,
      script: value('ScriptDuration') * 1000,
      style: value('RecalcStyleDuration') * 1000,
      layout: value('LayoutDuration') * 1000,
    };
  };
  const before = await read();
  const extensionBefore = await extension();
  const start = Date.now();
  await page.goto(`https://${host}/watch?v=${id}`);
  // A cheap look every 100 ms, the same on both hosts: Playwright's role locators would add their own work
  // to the page's main thread, on one side only.
  while (Date.now() - start < WINDOW_MS) {
    await page.evaluate(() => document.querySelector('transcript-lens-panel') != null);
    await page.waitForTimeout(100);
  }
  const after = await read();
  const extensionAfter = await extension();
  // The cue is looked for in the panel's frame once both threads are read, not in the window: each look is the
  // bench's work on the extension process's main thread, which panel.frame_cost_ms would count as the panel's.
  const shown = await frameShowsCue(page);
  await cdp.detach();
  await page.close();
  // A new tab's first navigation may move to a new renderer process, whose counters start at zero.
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
 * The panel's three cost figures as the bench measured them until 29 Nov: the same loads as page-cost.ts, made
 * through Playwright, which attaches a session to every frame target (the panel's too) and sets it up, so that
 * its work in the frame counted as the panel's. Kept for comparing the two (page-cost-driver-ab.ts).
 */
export async function drivenPageCost(context: BrowserContext, service: TestService): Promise<Figure[]> {
  await service.reset({ limits: false });
  if (!FLOOR) await saveTranscripts(context);
  const clock = await extensionClock(context);
  const extension = clock.read;
  const without: Load[] = [];
  const withExtension: Load[] = [];
  // A warm-up pair: the first loads compile the page's and the extension's code cold for this profile.
  await load(context, 'm.youtube.com', SAVED[0], extension);
  await load(context, 'www.youtube.com', SAVED[0], extension);
  for (let i = 0; i < MIN_SAMPLES; i++) {
    const id = SAVED[i % SAVED.length] ?? SAVED[0];
    without.push(await load(context, 'm.youtube.com', id, extension));
    withExtension.push(await load(context, 'www.youtube.com', id, extension));
  }
  await clock.close();
  return costFigures(without, withExtension, 'Playwright attached');
}
