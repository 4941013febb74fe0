import type { BrowserContext, Page } from '@playwright/test';
import type { TestService } from '../e2e/support/service';
import { showCues } from './cues';
import { type Figure, MIN_SAMPLES, median, timed } from './figures';

/** Videos with a saved transcript: each load below shows one from the cache, as a person who comes back sees it. */
export const SAVED = ['tvaAutoGen1', 'tvaHuman001', 'tvaSpanish1'] as const;

/**
 * Every load is read this long after its navigation started: the saved transcript is shown well before, and the
 * load without the extension is read at the same moment, so what the page itself does meanwhile (its player,
 * its timers) cancels out.
 */
const WINDOW_MS = 4_000;

/** Loads each video once and has its transcript saved ("Load transcript", as a person would). */
export async function saveTranscripts(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  for (const id of SAVED) {
    await page.goto(`https://www.youtube.com/watch?v=${id}`);
    await showCues(page);
  }
  await page.close();
}

/** Main-thread ms of one load: all of it, and its script, style and layout parts. */
type Load = { threadMs: number; scriptMs: number; styleMs: number; layoutMs: number; shownMs: number };

/**
 * One load of a watch page in a new tab: the main thread's CPU time (Performance.getMetrics ThreadTime, with
 * durations in thread time so that other work on the machine does not count) and script time, from the
 * navigation until WINDOW_MS after it started. `host` www.youtube.com runs the content script; m.youtube.com
 * serves the very same fixture page, where the content script does not run (it matches www only).
 */
async function load(context: BrowserContext, host: string, id: string): Promise<Load> {
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
  const start = Date.now();
  await page.goto(`https://${host}/watch?v=${id}`);
  // A cheap look every 100 ms, the same on both hosts: Playwright's role locators would add their own work
  // to the page's main thread, on one side only.
  let shownMs = Number.NaN;
  while (Date.now() - start < WINDOW_MS) {
    const shown = await page.evaluate(
      () => document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('.tl-cue') != null,
    );
    if (shown && Number.isNaN(shownMs)) shownMs = Date.now() - start;
    await page.waitForTimeout(100);
  }
  const after = await read();
  await cdp.detach();
  await page.close();
  // A new tab's first navigation may move to a new renderer process, whose counters start at zero.
  const since = (a: number, b: number) => (a >= b ? a - b : a);
  const failed = host === 'www.youtube.com' && Number.isNaN(shownMs);
  return {
    threadMs: failed ? Number.NaN : since(after.thread, before.thread),
    scriptMs: since(after.script, before.script),
    styleMs: since(after.style, before.style),
    layoutMs: since(after.layout, before.layout),
    shownMs,
  };
}

/**
 * panel.page_cost_ms: main-thread time the extension adds to a YouTube watch page load (the content script's
 * evaluation, the panel's first mount, the first render of a saved transcript): the main thread's CPU time in
 * a load with the content script minus one of the same fixture page without it, read at the same moment after
 * the navigation; five pairs, the median of the differences. Goal ≤ 30 ms.
 */
export async function pageCost(context: BrowserContext, service: TestService): Promise<Figure> {
  await service.reset({ limits: false });
  await saveTranscripts(context);
  const without: Load[] = [];
  const withExtension: Load[] = [];
  // A warm-up pair: the first loads compile the page's and the extension's code cold for this profile.
  await load(context, 'm.youtube.com', SAVED[0]);
  await load(context, 'www.youtube.com', SAVED[0]);
  for (let i = 0; i < MIN_SAMPLES; i++) {
    const id = SAVED[i % SAVED.length] ?? SAVED[0];
    without.push(await load(context, 'm.youtube.com', id));
    withExtension.push(await load(context, 'www.youtube.com', id));
  }
  const added = withExtension.map((w, i) => w.threadMs - (without[i]?.threadMs ?? Number.NaN));
  const part = (key: 'scriptMs' | 'styleMs' | 'layoutMs') =>
    median(withExtension.map((w, i) => w[key] - (without[i]?.[key] ?? Number.NaN))).toFixed(1);
  const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  console.log(`page cost: main thread ms with ${ms(withExtension.map((l) => l.threadMs))}`);
  console.log(`page cost: main thread ms without ${ms(without.map((l) => l.threadMs))}`);
  console.log(`page cost: saved transcript shown after ${ms(withExtension.map((l) => l.shownMs))} ms`);
  const note =
    `main-thread CPU time (CDP Performance.getMetrics ThreadTime, thread ticks) of a watch-page load with the ` +
    `content script minus the same page without it, ${WINDOW_MS} ms from navigation; medians with ` +
    `${median(withExtension.map((l) => l.threadMs)).toFixed(1)} ms, without ` +
    `${median(without.map((l) => l.threadMs)).toFixed(1)} ms; of the difference, script ` +
    `${part('scriptMs')} ms, style ${part('styleMs')} ms, layout ${part('layoutMs')} ms`;
  return timed('panel.page_cost_ms', added, 'ms', '≤ 30', (m) => m <= 30, note);
}
