import { type Sums, sumThread, type TraceEvent } from './trace-events';

/** The trace categories the frame tools read: tasks, script, style, layout, paint, by thread. */
export const FRAME_CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
].join(',');

/** The CrRendererMain threads, each with how often its events name `needle`. */
export function threadNaming(events: TraceEvent[], needle: string): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const score = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && JSON.stringify(e.args ?? {}).includes(needle)).length;
  const best = mains.map((m) => ({ m, n: score(m) })).sort((a, b) => b.n - a.n)[0];
  return best && best.n > 0 ? { pid: best.m.pid, tid: best.m.tid } : null;
}

/** Self time by event name on one thread, over the whole trace (sumThread, trace-events.ts). */
export function sum(events: TraceEvent[], thread: { pid: number; tid: number } | null, into: Sums): void {
  if (!thread) return;
  const times = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).map((e) => e.ts);
  if (times.length > 0) sumThread(events, thread.pid, thread.tid, Math.min(...times), Math.max(...times), into);
}

export const print = (title: string, m: Sums, www: Sums, loads: number) => {
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
