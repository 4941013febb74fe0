import type { BrowserContext, CDPSession } from '@playwright/test';
import { frameShowsCue } from './panel-frame';

/** One event of a Chromium trace (CDP Tracing, `ReportEvents`), as the page tools read it. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  tts?: number;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
};

/** Traces `during` with `categories` and returns every event. */
export async function traced(cdp: CDPSession, categories: string, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await during();
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/** The watch page's renderer main thread: the CrRendererMain whose events name the page's URL. */
export function mainThread(events: TraceEvent[], host: string): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const names = (e: TraceEvent) => JSON.stringify(e.args ?? {}).includes(`${host}/watch`);
  const best = mains
    .map((m) => ({ m, n: events.filter((e) => e.pid === m.pid && e.tid === m.tid && names(e)).length }))
    .sort((a, b) => b.n - a.n)[0];
  return best && best.n > 0 ? { pid: best.m.pid, tid: best.m.tid } : null;
}

/** An event's thread time in ms (its wall time when the trace has no thread time). */
export const threadMs = (e: TraceEvent): number => (e.tdur ?? e.dur ?? 0) / 1000;

/**
 * One watch page load in a new tab, traced for `windowMs` from the navigation, with the same cheap look for the
 * panel's first cue every 100 ms on both hosts (page-cost.ts): the watch page's main-thread events, metadata left
 * out. www.youtube.com runs the content script; m.youtube.com serves the same fixture without it.
 */
export async function traceWatchLoad(
  context: BrowserContext,
  host: string,
  id: string,
  categories: string,
  windowMs: number,
): Promise<TraceEvent[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = await traced(cdp, categories, async () => {
    const start = Date.now();
    await page.goto(`https://${host}/watch?v=${id}`);
    while (Date.now() - start < windowMs) {
      await page.evaluate(() => document.querySelector('transcript-lens-panel') != null);
      await frameShowsCue(page);
      await page.waitForTimeout(100);
    }
  });
  await cdp.detach();
  await page.close();
  const thread = mainThread(events, host);
  if (!thread) throw new Error(`no main thread found for ${host}`);
  return events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph !== 'M');
}
