import { type Figure, median, timed } from './figures';

/**
 * Every load is read this long after its navigation started: the saved transcript is shown well before, and the
 * load without the extension is read at the same moment, so what the page itself does meanwhile (its player,
 * its timers) cancels out.
 */
export const WINDOW_MS = 4_000;

/**
 * `TL_FLOOR=1`: the build measured is a floor, its panel-frame.html replaced by an empty or a static page (the
 * cost of a frame with nothing of ours in it, docs/benchmarks.md): no transcript is saved first, and a load
 * whose frame shows no cue still counts.
 */
export const FLOOR = process.env.TL_FLOOR === '1';

/**
 * Main-thread ms of one load: all of it, and its script, style and layout parts; and the extension process's main
 * thread meanwhile (the panel's frame, in Chromium: `extensionMs`).
 */
export type Load = {
  threadMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  shown: boolean;
  extensionMs: number;
};

/**
 * The three figures from the loads without and with the content script, pair by pair. `how` names how the
 * browser was driven (Playwright attached, or nothing: page-cost-driverless.ts).
 */
export function costFigures(without: Load[], withExtension: Load[], how: string): Figure[] {
  const added = withExtension.map((w, i) => w.threadMs - (without[i]?.threadMs ?? Number.NaN));
  const part = (key: 'scriptMs' | 'styleMs' | 'layoutMs') =>
    median(withExtension.map((w, i) => w[key] - (without[i]?.[key] ?? Number.NaN))).toFixed(1);
  const ms = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  console.log(`page cost: main thread ms with ${ms(withExtension.map((l) => l.threadMs))}`);
  console.log(`page cost: main thread ms without ${ms(without.map((l) => l.threadMs))}`);
  const note =
    `main-thread CPU time (CDP Performance.getMetrics ThreadTime, thread ticks; ${how}) of a watch-page load with the ` +
    `content script minus the same page without it, ${WINDOW_MS} ms from navigation; medians with ` +
    `${median(withExtension.map((l) => l.threadMs)).toFixed(1)} ms, without ` +
    `${median(without.map((l) => l.threadMs)).toFixed(1)} ms; of the difference, script ` +
    `${part('scriptMs')} ms, style ${part('styleMs')} ms, layout ${part('layoutMs')} ms`;
  const inFrame = withExtension.map((w, i) => w.extensionMs - (without[i]?.extensionMs ?? Number.NaN));
  console.log(`page cost: the extension process's main thread ms with ${ms(withExtension.map((l) => l.extensionMs))}`);
  console.log(`page cost: the extension process's main thread ms without ${ms(without.map((l) => l.extensionMs))}`);
  const frameNote =
    `the extension process's main thread (the panel's frame; in Chromium it is not the page's) in the same ` +
    `window: with the content script minus without it`;
  // The whole cost, both main threads of the same load: moving work into the frame is no saving by itself.
  const total = added.map((a, i) => a + (inFrame[i] ?? Number.NaN));
  return [
    timed('panel.page_cost_ms', added, 'ms', '≤ 30', (m) => m <= 30, note),
    timed('panel.frame_cost_ms', inFrame, 'ms', '≤ 30', (m) => m <= 30, frameNote),
    timed('panel.total_cost_ms', total, 'ms', '≤ 45', (m) => m <= 45, 'page + frame, load by load'),
  ];
}
