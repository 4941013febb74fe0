import type { BrowserContext } from '@playwright/test';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';
import { type TraceEvent, threadMs, traceWatchLoad } from './trace-events';

/**
 * `npx tsx test/bench/page-tasks.ts [loads]` (after `npx wxt build --mode e2e`): panel.page_cost_ms by the main
 * thread's tasks. Loads watch pages with a saved transcript on www (content script) and m (none) as
 * page-cost.ts does, traces the first 4 s, and prints (1) the tasks by what posted them (the trace's
 * `src_func`: frames, timers, IPC, autofill, GC), count and thread time per load on both sides, and (2) the
 * last www load's timeline: each task of 0.4 ms or more, when it began after the first event and what it did
 * (its longest events; for a frame, the tasks since the last one), whether the extension's scripts were compiled
 * while they streamed, and the page's frames and lifecycle steps (style, layout, paint, commit) per load on both
 * sides. Where page-trace.ts sums events by name, this says which task and frame they came in.
 */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink'].join(',');
const WINDOW_MS = 4_000;
const TASK = 'ThreadControllerImpl::RunTask';

type Sums = Map<string, { count: number; ms: number }>;

const traceLoad = (context: BrowserContext, host: string, id: string) =>
  traceWatchLoad(context, host, id, CATEGORIES, WINDOW_MS);

const tasksOf = (events: TraceEvent[]) => events.filter((e) => e.name === TASK && e.ph === 'X');
const poster = (task: TraceEvent) => String(task.args?.src_func ?? '?');

function addTasks(events: TraceEvent[], into: Sums): void {
  for (const task of tasksOf(events)) {
    const sum = into.get(poster(task)) ?? { count: 0, ms: 0 };
    sum.count += 1;
    sum.ms += threadMs(task);
    into.set(poster(task), sum);
  }
}

/** A page frame: the compositor's task that runs the main thread's part of one (style, layout, paint, commit). */
const FRAME = 'ScheduledActionSendBeginMainFrame';
/** Events counted per load on both sides: each frame and the lifecycle steps it ran. */
const LIFECYCLE = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];

function addLifecycle(events: TraceEvent[], into: Map<string, number>): void {
  const count = (name: string, n: number) => into.set(name, (into.get(name) ?? 0) + n);
  count('frames', tasksOf(events).filter((task) => poster(task) === FRAME).length);
  for (const name of LIFECYCLE) count(name, events.filter((e) => e.name === name).length);
}

/**
 * Each task of 0.4 ms or more, in order: when, how long, who posted it, and its longest events inside; a frame
 * also says which tasks of 0.1 ms or more ran since the last one (what asked for it, as far as a trace can say).
 */
function timeline(events: TraceEvent[]): string[] {
  const t0 = Math.min(...events.map((e) => e.ts));
  let since: string[] = [];
  const before = new Map<TraceEvent, string>();
  return tasksOf(events)
    .filter((task) => {
      const framed = poster(task) === FRAME;
      if (!framed && threadMs(task) >= 0.1) since.push(poster(task));
      const keep = framed || threadMs(task) >= 0.4;
      if (framed) {
        before.set(task, [...new Set(since)].slice(-4).join(', ') || 'nothing');
        since = [];
      }
      return keep;
    })
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = events
        .filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e.name !== TASK)
        .filter((e) => threadMs(e) >= 0.3)
        .slice(0, 6)
        .map((e) => {
          const url = e.args?.data?.url;
          return `${e.name}${typeof url === 'string' ? `<…${url.slice(-24)}>` : ''} ${threadMs(e).toFixed(1)}`;
        });
      const at = ((task.ts - t0) / 1000).toFixed(0).padStart(5);
      const after = before.has(task) ? ` ← after ${before.get(task)}` : '';
      return `${at} ms ${threadMs(task).toFixed(1).padStart(5)} ${poster(task)}: ${inside.join(' | ')}${after}`;
    });
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    // A warm-up pair, as page-cost.ts has.
    await traceLoad(context, 'm.youtube.com', SAVED[0]);
    await traceLoad(context, 'www.youtube.com', SAVED[0]);
    const m: Sums = new Map();
    const www: Sums = new Map();
    const steps = { m: new Map<string, number>(), www: new Map<string, number>() };
    let last: TraceEvent[] = [];
    for (let i = 0; i < loads; i++) {
      const id = SAVED[i % SAVED.length] ?? SAVED[0];
      const without = await traceLoad(context, 'm.youtube.com', id);
      addTasks(without, m);
      addLifecycle(without, steps.m);
      last = await traceLoad(context, 'www.youtube.com', id);
      addTasks(last, www);
      addLifecycle(last, steps.www);
    }
    const perLoad = (side: Map<string, number>) =>
      [...side].map(([name, n]) => `${name} ${(n / loads).toFixed(1)}`).join(', ');
    console.log(`\nper load, m: ${perLoad(steps.m)}\nper load, www: ${perLoad(steps.www)}`);
    const per = (sums: Sums, key: string, field: 'count' | 'ms') => (sums.get(key)?.[field] ?? 0) / loads;
    const rows = [...new Set([...m.keys(), ...www.keys()])].sort(
      (a, b) => per(www, b, 'ms') - per(m, b, 'ms') - (per(www, a, 'ms') - per(m, a, 'ms')),
    );
    const f = (v: number) => v.toFixed(1).padStart(6);
    const total = (sums: Sums) => [...sums.values()].reduce((s, v) => s + v.ms, 0) / loads;
    console.log(`\ntasks' thread time per load: m ${f(total(m))} ms, www ${f(total(www))} ms`);
    console.log('   n m  n www |   ms m  ms www   diff  posted by');
    for (const key of rows.slice(0, 30)) {
      const [nm, nw, tm, tw] = [per(m, key, 'count'), per(www, key, 'count'), per(m, key, 'ms'), per(www, key, 'ms')];
      console.log(`${f(nm)} ${f(nw)} | ${f(tm)} ${f(tw)} ${f(tw - tm)}  ${key}`);
    }
    console.log('\nthe last www load, tasks of 0.4 ms or more:');
    for (const line of timeline(last)) console.log(line);
    // Whether the page module was compiled while it streamed (off the main thread) or on it.
    for (const e of last.filter((e) => e.name.startsWith('v8.compile'))) {
      const data = e.args?.data ?? {};
      if (String(data.url ?? '').startsWith('chrome-extension://'))
        console.log(
          `${e.name} ${String(data.url).split('/').pop()}: streamed ${data.streamed} ${threadMs(e).toFixed(1)} ms`,
        );
    }
  });
}

await main();
