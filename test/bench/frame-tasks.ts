import type { BrowserContext } from '@playwright/test';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';
import { type TraceEvent, threadMs, traceWatchEvents } from './trace-events';

/**
 * `npx tsx test/bench/frame-tasks.ts [loads]` (after `npx wxt build --mode e2e`): the extension process's main
 * thread (the panel's frame) by task, per www load of a watch page with a saved transcript, as page-cost.ts loads
 * it: each task named by what posted it (`src_func`) and what ran inside it (the Mojo interface a message came
 * on, the event dispatched, the timer or callback, a frame), count and thread time per load; then one load's
 * tasks in order. `TL_LOOKS=0` leaves out the bench's looks for the cue. A tool for finding the cost, not a figure.
 */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'toplevel.flow',
  'mojom',
  'ipc',
  'v8',
  'blink',
].join(',');
const WINDOW_MS = 4_000;
const TASK = 'ThreadControllerImpl::RunTask';
const looks = process.env.TL_LOOKS !== '0';

type Sums = Map<string, { count: number; ms: number }>;

/** A Mojo message's interface and method as the trace gives them (hashes when names are not built in). */
function mojo(e: TraceEvent): string {
  const info = (e.args?.chrome_mojo_event_info ?? {}) as Record<string, unknown>;
  const tag = info.mojo_interface_tag ?? info.watcher_notify_interface_tag ?? '';
  const method = info.ipc_hash ?? info.mojo_message_name ?? info.payload_size ?? '';
  return `${String(tag)}#${String(method)}${JSON.stringify(Object.keys(info))}`;
}

/** The names inside a task that say what it was, most telling first. */
function what(task: TraceEvent, inside: TraceEvent[]): string {
  const parts: string[] = [];
  for (const e of inside) {
    const data = e.args?.data ?? {};
    if (e.name === 'EventDispatch') parts.push(`event:${String(data.type)}`);
    else if (e.name === 'TimerFire') parts.push('timer');
    else if (e.name === 'FireAnimationFrame') parts.push('rAF');
    else if (e.name === 'FunctionCall') parts.push(`call:${String(data.functionName || '?')}`);
    else if (e.name === 'v8.run' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule') parts.push(e.name);
    else if (['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'Commit', 'ResourceSendRequest'].includes(e.name))
      parts.push(e.name);
    else if (e.name === 'ResourceReceiveResponse' || e.name === 'ResourceFinish' || e.name === 'ResourceReceivedData')
      parts.push(e.name);
    else if (e.name.startsWith('Receive mojo') || e.name.includes('mojom') || e.name.startsWith('IPC'))
      parts.push(`mojo:${mojo(e)}`);
    else if (e.name === 'BeginMainThreadFrame' || e.name === 'BeginFrame') parts.push('frame');
  }
  const unique = [...new Set(parts)].slice(0, 3).join(' ');
  return `${String(task.args?.src_func ?? '?')} ${unique ? `→ ${unique}` : ''}`;
}

const traceLoad = (context: BrowserContext, id: string): Promise<TraceEvent[]> =>
  traceWatchEvents(context, 'www.youtube.com', id, CATEGORIES, WINDOW_MS, looks ? 'until-shown' : 'never');

let extension: { pid: number; tid: number } | null = null;

/** The extension process's main thread: the CrRendererMain whose events name the panel's frame most. */
function extensionThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const score = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && JSON.stringify(e.args ?? {}).includes('panel-frame'))
      .length;
  const best = mains.map((m) => ({ m, n: score(m) })).sort((a, b) => b.n - a.n)[0];
  return best && best.n > 0 ? { pid: best.m.pid, tid: best.m.tid } : null;
}

function tasks(events: TraceEvent[]): { name: string; ms: number; at: number }[] {
  extension ??= extensionThread(events);
  const thread = extension;
  if (!thread) return [];
  const mine = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  mine.sort((a, b) => a.ts - b.ts);
  const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const runs = mine.filter((e) => e.name === TASK);
  return runs.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    return { name: what(task, inside), ms: threadMs(task), at: (task.ts - t0) / 1000 };
  });
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    const clock = await context.newPage();
    const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    if (worker) await clock.goto(new URL(process.env.TL_CLOCK_PAGE ?? '/panel-frame.html', worker.url()).href);
    await traceLoad(context, SAVED[0]);
    const sums: Sums = new Map();
    let last: { name: string; ms: number; at: number }[] = [];
    for (let i = 0; i < loads; i++) {
      last = tasks(await traceLoad(context, SAVED[i % SAVED.length] ?? SAVED[0]));
      for (const task of last) {
        const sum = sums.get(task.name) ?? { count: 0, ms: 0 };
        sum.count += 1;
        sum.ms += task.ms;
        sums.set(task.name, sum);
      }
    }
    await clock.close();
    const f = (v: number) => v.toFixed(1).padStart(6);
    const all = [...sums.values()];
    const n = all.reduce((s, v) => s + v.count, 0) / loads;
    const ms = all.reduce((s, v) => s + v.ms, 0) / loads;
    console.log(`\nextension main thread per www load: ${f(n)} tasks, ${f(ms)} ms`);
    console.log('     n     ms  task');
    for (const [name, v] of [...sums].sort((a, b) => b[1].count - a[1].count).slice(0, 60))
      console.log(`${f(v.count / loads)} ${f(v.ms / loads)}  ${name}`);
    console.log('\nthe last load, in order:');
    for (const task of last) console.log(`${f(task.at)} ${f(task.ms)}  ${task.name}`);
  });
}

await main();
