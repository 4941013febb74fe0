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
 * The panel's first cue looked for every 100 ms of a traced load: on every tick (the page's cost, the same on both
 * hosts), until it shows (the frame's tools: each look is work on the frame's thread), or never (`TL_LOOKS=0`).
 */
export type Looks = 'always' | 'until-shown' | 'never';

/** One watch page load in a new tab, traced for `windowMs` from the navigation: every process's events. */
export async function traceWatchEvents(
  context: BrowserContext,
  host: string,
  id: string,
  categories: string,
  windowMs: number,
  looks: Looks = 'always',
): Promise<TraceEvent[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let shown = false;
  const events = await traced(cdp, categories, async () => {
    const start = Date.now();
    await page.goto(`https://${host}/watch?v=${id}`);
    while (Date.now() - start < windowMs) {
      await page.evaluate(() => document.querySelector('transcript-lens-panel') != null);
      if (looks === 'always' || (looks === 'until-shown' && !shown)) shown = await frameShowsCue(page);
      await page.waitForTimeout(100);
    }
  });
  await cdp.detach();
  await page.close();
  return events;
}

/**
 * One watch page load (traceWatchEvents, a look every tick): the watch page's main-thread events, metadata left
 * out. www.youtube.com runs the content script; m.youtube.com serves the same fixture without it.
 */
export async function traceWatchLoad(
  context: BrowserContext,
  host: string,
  id: string,
  categories: string,
  windowMs: number,
): Promise<TraceEvent[]> {
  const events = await traceWatchEvents(context, host, id, categories, windowMs);
  const thread = mainThread(events, host);
  if (!thread) throw new Error(`no main thread found for ${host}`);
  return events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph !== 'M');
}

/** An event's name, with whose script it ran when the trace says so. */
function label(e: TraceEvent): string {
  const data = e.args?.data ?? {};
  const url = typeof data.url === 'string' ? data.url : typeof data.fileName === 'string' ? data.fileName : '';
  const stack = Array.isArray(data.stackTrace) ? (data.stackTrace[0] as { url?: string } | undefined)?.url : '';
  const ext = url.startsWith('chrome-extension://') || (stack ?? '').startsWith('chrome-extension://');
  return ext ? `${e.name} [ext]` : e.name;
}

export type Sums = Map<string, { self: number; total: number; count: number }>;

/** Self and inclusive thread time by name on one thread (complete events, and begin/end pairs). */
export function sumThread(events: TraceEvent[], pid: number, tid: number, from: number, to: number, into: Sums): void {
  type Span = { name: string; start: number; end: number; thread: number; children: number };
  const spans: Span[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ts < from || e.ts > to) continue;
    if (e.ph === 'X' && e.dur !== undefined) {
      spans.push({ name: label(e), start: e.ts, end: e.ts + e.dur, thread: (e.tdur ?? e.dur) / 1000, children: 0 });
    } else if (e.ph === 'B') {
      open.set(e.name, [...(open.get(e.name) ?? []), e]);
    } else if (e.ph === 'E') {
      const begun = open.get(e.name)?.pop();
      if (begun) {
        const thread = begun.tts !== undefined && e.tts !== undefined ? e.tts - begun.tts : e.ts - begun.ts;
        spans.push({ name: label(begun), start: begun.ts, end: e.ts, thread: thread / 1000, children: 0 });
      }
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: Span[] = [];
  for (const span of spans) {
    while (stack.length && (stack[stack.length - 1]?.end ?? 0) <= span.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && span.end <= parent.end) parent.children += span.thread;
    stack.push(span);
  }
  for (const span of spans) {
    const sum = into.get(span.name) ?? { self: 0, total: 0, count: 0 };
    sum.self += Math.max(0, span.thread - span.children);
    sum.total += span.thread;
    sum.count += 1;
    into.set(span.name, sum);
  }
}
