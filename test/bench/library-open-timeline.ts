import { loadavg } from 'node:os';
import type { BrowserContext, Page } from '@playwright/test';
import { liveWorker } from '../e2e/support/bulk';
import { median } from './figures';
import { openLibrary, roomInCache, seed, untilIndexed } from './library';
import { generateLibrary } from './library-data';
import { speedProbeMs } from './speed-probe';
import { standalone } from './standalone';
import { type TraceEvent, traced } from './trace-events';

/**
 * `npx tsx test/bench/library-open-timeline.ts [opens] [videos]` (after `npx wxt build --mode e2e`, or with
 * TL_EXTENSION_DIR): one library open's timeline, ms from the navigation's start, from what the browser gives the
 * page (navigation and resource timing, paints, long animation frames) and the bench's wrappers around the
 * extension API and fetch (each message, storage read and catalogue file: when it left and came back): what waits
 * on what before the first rows. Medians over the opens (10 unless told) of 1,000 seeded videos. TL_TRACE=1: one
 * traced open instead, its main thread's events of 0.5 ms or more and its loads' requests and responses;
 * TL_TRACE_SW=1 with it: how many of the open's events name the service worker or a fetch, by thread (whether the
 * page's loads pass through the worker: ServiceWorkerSubresourceLoader). A tool, not a figure.
 */
type Span = { what: string; start: number; end?: number };
type TimelineWindow = Window & { __tlSpans?: Span[]; __tlFrames?: { start: number; end: number; scripts: string }[] };

/**
 * Wraps the API calls and fetch the page's start makes, and watches its animation frames, before it loads. Plain
 * script text: tsx would wrap a named function of a page function in a helper the page does not have.
 */
const WATCH = `(() => {
  const spans = [];
  const frames = [];
  window.__tlSpans = spans;
  window.__tlFrames = frames;
  const wrap = (owner, key, name) => {
    const original = owner && owner[key];
    if (typeof original !== 'function') return;
    owner[key] = (...args) => {
      const span = { what: name(args), start: performance.now() };
      spans.push(span);
      const out = original.apply(owner, args);
      if (out instanceof Promise) out.finally(() => { span.end = performance.now(); }).catch(() => {});
      else span.end = span.start;
      return out;
    };
  };
  const ext = globalThis.chrome;
  wrap(ext && ext.runtime, 'sendMessage', (args) => {
    const m = args[0] || {};
    return 'message ' + m.type + (m.first ? ' first' : '');
  });
  wrap(ext && ext.storage && ext.storage.sync, 'get', (args) => 'storage.sync.get ' + JSON.stringify(args[0]));
  wrap(ext && ext.storage && ext.storage.local, 'get', (args) => 'storage.local.get ' + JSON.stringify(args[0]));
  wrap(globalThis, 'fetch', (args) => 'fetch ' + String(args[0]).replace(/^.*\\/\\/[^/]+/, ''));
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const scripts = (e.scripts || []).map((s) => s.sourceURL.replace(/^.*\\//, '') + ' ' + s.duration.toFixed(0)).join(', ');
        frames.push({ start: e.startTime, end: e.startTime + e.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  new MutationObserver((_, observer) => {
    const app = document.getElementById('app');
    if (!app || !app.firstChild) return;
    spans.push({ what: 'first render in #app', start: performance.now() });
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})();`;

async function watch(page: Page): Promise<void> {
  await page.addInitScript({ content: WATCH });
}

type Mark = { what: string; start: number; end: number };

async function timeline(page: Page, rows: number): Promise<Mark[]> {
  const marks = await page.evaluate(() => {
    const out: Mark[] = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav) {
      out.push({ what: 'html request→response', start: nav.requestStart, end: nav.responseEnd });
      out.push({ what: 'dom interactive', start: nav.domInteractive, end: nav.domInteractive });
      out.push({
        what: 'module evaluated (DOMContentLoaded)',
        start: nav.domContentLoadedEventStart,
        end: nav.domContentLoadedEventEnd,
      });
      out.push({ what: 'load event', start: nav.loadEventStart, end: nav.loadEventEnd });
    }
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      out.push({ what: `load ${r.name.replace(/^.*\//, '')}`, start: r.startTime, end: r.responseEnd });
    for (const p of performance.getEntriesByType('paint'))
      out.push({ what: p.name, start: p.startTime, end: p.startTime });
    for (const s of (window as TimelineWindow).__tlSpans ?? [])
      out.push({ what: s.what, start: s.start, end: s.end ?? Number.NaN });
    for (const f of (window as TimelineWindow).__tlFrames ?? [])
      out.push({ what: `long frame [${f.scripts}]`, start: f.start, end: f.end });
    return out;
  });
  marks.push({ what: 'ROWS and search box', start: rows, end: rows });
  return marks.sort((a, b) => a.start - b.start);
}

/** Top-level main-thread events and loads of one traced open, ms from its navigation (TL_TRACE=1). */
async function tracedOpen(context: BrowserContext, url: string): Promise<void> {
  const cdp = await context.browser()?.newBrowserCDPSession();
  if (!cdp) throw new Error('no browser session');
  let rows = 0;
  const events: TraceEvent[] = await traced(
    cdp,
    process.env.TL_TRACE_SW === '1'
      ? 'devtools.timeline,v8,blink,loading,blink.user_timing,ServiceWorker,navigation'
      : 'devtools.timeline,v8,blink,loading,blink.user_timing',
    async () => {
      const [page, at] = await openLibrary(context, url);
      rows = at;
      await page.close();
    },
  );
  await cdp.detach();
  const start = events.find((e) => e.name === 'navigationStart' && JSON.stringify(e.args).includes('library.html'));
  if (!start) throw new Error('no navigationStart');
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.find((m) => m.pid === start.pid) ?? mains[0];
  const at = (e: TraceEvent) => ((e.ts - start.ts) / 1000).toFixed(1).padStart(7);
  const urlOf = (e: TraceEvent) => String(e.args?.data?.url ?? e.args?.data?.requestId ?? '').replace(/^.*\//, '');
  const shown = events
    .filter((e) => e.ts >= start.ts && e.ts <= start.ts + (rows + 30) * 1000)
    .filter(
      (e) =>
        (e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && (e.dur ?? 0) >= 500) ||
        e.name === 'ResourceSendRequest' ||
        e.name === 'ResourceFinish' ||
        e.name === 'ResourceReceiveResponse',
    )
    .sort((a, b) => a.ts - b.ts);
  console.log(`traced open: rows at ${rows.toFixed(0)} ms`);
  if (process.env.TL_TRACE_SW === '1') return workerEvents(events, start.ts, rows);
  for (const e of shown) {
    const main = e.ph === 'X';
    const what = main ? `${e.name} ${urlOf(e)}` : `  [${e.tid === start.tid ? 'main' : e.tid}] ${e.name} ${urlOf(e)}`;
    console.log(`${at(e)} ${main ? `+${((e.dur ?? 0) / 1000).toFixed(1)}`.padStart(7) : '       '} ${what}`);
  }
}

/** Events naming the service worker or a fetch, by process:thread, from the navigation to the rows. */
function workerEvents(events: TraceEvent[], from: number, rows: number): void {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (!/fetch|serviceworker|router/i.test(e.name) || e.ts < from || e.ts > from + rows * 1000) continue;
    const key = `${e.pid}:${e.tid} ${e.name}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [name, n] of counts) console.log(`${String(n).padStart(4)}× ${name}`);
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10);
  const videos = Number(process.argv[3] ?? 1000);
  await standalone('demo-pro', async (context) => {
    const host = new URL((await liveWorker(context)).url()).host;
    const url = `chrome-extension://${host}/library.html`;
    await roomInCache(context, url);
    await seed(await liveWorker(context), generateLibrary(videos).transcripts);
    const [first] = await openLibrary(context, url, 120_000);
    await untilIndexed(first);
    await first.close();
    if (process.env.TL_TRACE === '1') return tracedOpen(context, url);
    const byName = new Map<string, { start: number[]; end: number[] }>();
    const probes = [speedProbeMs()];
    for (let i = 0; i < count; i++) {
      const [page, rows] = await openLibrary(context, url, 30_000, watch);
      const marks = await timeline(page, rows);
      await page.close();
      console.log(`open ${i + 1}: ${rows.toFixed(0)} ms`);
      if (i === 0 || process.env.TL_EVERY === '1')
        for (const m of marks)
          console.log(`  ${m.start.toFixed(1).padStart(7)} → ${m.end.toFixed(1).padStart(7)}  ${m.what}`);
      const seen = new Map<string, number>();
      for (const m of marks) {
        if (m.what.startsWith('long frame')) continue;
        // The same name twice (a message asked again) is numbered, so medians pair like with like.
        const n = (seen.get(m.what) ?? 0) + 1;
        seen.set(m.what, n);
        const key = n > 1 ? `${m.what} #${n}` : m.what;
        const entry = byName.get(key) ?? { start: [], end: [] };
        entry.start.push(m.start);
        entry.end.push(m.end);
        byName.set(key, entry);
      }
      probes.push(speedProbeMs());
    }
    console.log(`medians over ${count} opens (start → end, ms from the navigation's start; [samples]):`);
    const rowsOf = [...byName].sort((a, b) => median(a[1].start) - median(b[1].start));
    for (const [what, s] of rowsOf)
      console.log(
        `  ${median(s.start).toFixed(1).padStart(7)} → ${median(s.end).toFixed(1).padStart(7)}  ${what} [${s.start.length}]`,
      );
    console.log(`probe median ${median(probes).toFixed(0)} ms; load ${loadavg().join(' ')}`);
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
