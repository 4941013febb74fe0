import type { BrowserContext } from '@playwright/test';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';
import { type Sums, sumThread, type TraceEvent, traceWatchEvents } from './trace-events';

/**
 * `npx tsx test/bench/frame-trace.ts [loads]` (after `npx wxt build --mode e2e`): where panel.frame_cost_ms goes
 * and what repeats there. Loads watch pages with a saved transcript as page-cost.ts does, on www (content script,
 * the panel's frame) and m (none), traces the first 4 s, and prints per load the extension process's main thread
 * (the CrRendererMain whose events name panel-frame.html) and the page's, by event name: self thread time
 * and count. `TL_LOOKS=0` leaves out the bench's looks for the cue in the frame (page-cost.ts), to show their share.
 * A tool for finding the cost, not a figure.
 */
const CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
].join(',');
const WINDOW_MS = 4_000;
const looks = process.env.TL_LOOKS !== '0';

let extensionThread: { pid: number; tid: number } | null = null;

/** The CrRendererMain threads, each with how often its events name `needle`. */
function threadNaming(events: TraceEvent[], needle: string): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const score = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && JSON.stringify(e.args ?? {}).includes(needle)).length;
  const best = mains.map((m) => ({ m, n: score(m) })).sort((a, b) => b.n - a.n)[0];
  return best && best.n > 0 ? { pid: best.m.pid, tid: best.m.tid } : null;
}

/** Self time by event name on one thread, over the whole trace (sumThread, trace-events.ts). */
function sum(events: TraceEvent[], thread: { pid: number; tid: number } | null, into: Sums): void {
  if (!thread) return;
  const times = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).map((e) => e.ts);
  if (times.length > 0) sumThread(events, thread.pid, thread.tid, Math.min(...times), Math.max(...times), into);
}

async function traceLoad(context: BrowserContext, host: string, id: string, frame: Sums, page: Sums): Promise<void> {
  const events = await traceWatchEvents(context, host, id, CATEGORIES, WINDOW_MS, looks ? 'until-shown' : 'never');
  // The extension's process is found in a load with the frame and kept: the same one serves every load.
  extensionThread ??= threadNaming(events, 'panel-frame.html');
  sum(events, extensionThread, frame);
  sum(events, threadNaming(events, `${host}/watch`), page);
}

const print = (title: string, m: Sums, www: Sums, loads: number) => {
  const names = [...new Set([...m.keys(), ...www.keys()])];
  const none = { self: 0, total: 0, count: 0 };
  const rows = names.map((name) => ({ name, a: m.get(name) ?? none, b: www.get(name) ?? none }));
  rows.sort((x, y) => y.b.self - y.a.self - (x.b.self - x.a.self));
  const f = (v: number) => (v / loads).toFixed(1).padStart(7);
  const all = (s: Sums) => [...s.values()].reduce((t, v) => t + v.self, 0);
  console.log(`\n== ${title}, self ms per load: m ${f(all(m))}, www ${f(all(www))}`);
  console.log(`${'name'.padEnd(44)}    self m  self www     diff |     n m    n www`);
  for (const { name, a, b } of rows.slice(0, 32)) {
    console.log(
      `${name.slice(0, 44).padEnd(44)} ${f(a.self)} ${f(b.self)} ${f(b.self - a.self)} | ${f(a.count)} ${f(b.count)}`,
    );
  }
};

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    const extension = await context.newPage();
    // The extension's process stays up between loads, as in page-cost.ts (an idle extension page holds it).
    const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    if (worker) await extension.goto(new URL('/panel-frame.html', worker.url()).href);
    const sums = { frameM: new Map(), frameW: new Map(), pageM: new Map(), pageW: new Map() } as Record<string, Sums>;
    await traceLoad(context, 'www.youtube.com', SAVED[0], new Map(), new Map());
    await traceLoad(context, 'm.youtube.com', SAVED[0], new Map(), new Map());
    for (let i = 0; i < loads; i++) {
      const id = SAVED[i % SAVED.length] ?? SAVED[0];
      await traceLoad(context, 'm.youtube.com', id, sums.frameM as Sums, sums.pageM as Sums);
      await traceLoad(context, 'www.youtube.com', id, sums.frameW as Sums, sums.pageW as Sums);
    }
    await extension.close();
    print('extension process main thread', sums.frameM as Sums, sums.frameW as Sums, loads);
    print('page main thread', sums.pageM as Sums, sums.pageW as Sums, loads);
  });
}

await main();
