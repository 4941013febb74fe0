import type { BrowserContext } from '@playwright/test';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';
import { type Sums, sumThread, traceWatchLoad } from './trace-events';

/**
 * `npx tsx test/bench/page-trace.ts [loads]` (after `npx wxt build --mode e2e`): where panel.page_cost_ms goes,
 * by the browser's own trace events. Loads watch pages with a saved transcript as page-cost.ts does, on www
 * (content script) and m (none), traces the first 4 s (CDP Tracing: devtools.timeline, v8 and the disabled-by-
 * default timeline and V8 compile categories) and prints, per load and event name, the main thread's time on both sides and
 * the difference: self time (the event's thread time less its children's, so nothing counts twice) and
 * inclusive time. Script events are split by whose code ran (`[ext]`: a chrome-extension:// URL). A tool for
 * finding the cost, not a figure: tracing itself adds work to both sides.
 */
const CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'toplevel',
  // V8's compile of each function at its first call (V8.CompileCode, ParseFunction): about 310 of the content
  // script's functions on every load, since a content script gets no code cache.
  'disabled-by-default-v8.compile',
].join(',');
const WINDOW_MS = 4_000;

async function traceLoad(context: BrowserContext, host: string, id: string, into: Sums): Promise<void> {
  const events = await traceWatchLoad(context, host, id, CATEGORIES, WINDOW_MS);
  const first = events[0];
  if (!first) throw new Error(`no events on ${host}'s main thread`);
  const from = Math.min(...events.map((e) => e.ts));
  sumThread(events, first.pid, first.tid, from, from + WINDOW_MS * 1000, into);
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    const warm = new Map() as Sums;
    await traceLoad(context, 'm.youtube.com', SAVED[0], warm);
    await traceLoad(context, 'www.youtube.com', SAVED[0], warm);
    const sums: Record<string, Sums> = { 'm.youtube.com': new Map(), 'www.youtube.com': new Map() };
    for (let i = 0; i < loads; i++) {
      const id = SAVED[i % SAVED.length] ?? SAVED[0];
      for (const host of ['m.youtube.com', 'www.youtube.com']) await traceLoad(context, host, id, sums[host] as Sums);
    }
    const m = sums['m.youtube.com'] as Sums;
    const www = sums['www.youtube.com'] as Sums;
    const names = new Set([...m.keys(), ...www.keys()]);
    const rows = [...names].map((name) => {
      const a = m.get(name) ?? { self: 0, total: 0, count: 0 };
      const b = www.get(name) ?? { self: 0, total: 0, count: 0 };
      return {
        name,
        selfM: a.self / loads,
        selfW: b.self / loads,
        totalM: a.total / loads,
        totalW: b.total / loads,
        countM: a.count / loads,
        countW: b.count / loads,
      };
    });
    const f = (v: number) => v.toFixed(1).padStart(7);
    const sum = (key: 'selfM' | 'selfW') => rows.reduce((s, r) => s + r[key], 0);
    console.log(`\nmain-thread self time per load: m ${f(sum('selfM'))} ms, www ${f(sum('selfW'))} ms`);
    console.log('   self m  self www   diff | incl m  incl www |  n m  n www  name');
    for (const r of rows.sort((x, y) => y.selfW - y.selfM - (x.selfW - x.selfM)).slice(0, 45)) {
      console.log(
        `${f(r.selfM)} ${f(r.selfW)} ${f(r.selfW - r.selfM)} | ${f(r.totalM)} ${f(r.totalW)} | ` +
          `${r.countM.toFixed(0).padStart(4)} ${r.countW.toFixed(0).padStart(5)}  ${r.name}`,
      );
    }
  });
}

await main();
