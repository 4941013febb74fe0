import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Machine } from './machine';

/** A timing figure's samples: the figure is their median, judged on it; min and max say how far they spread. */
export type Spread = { median: number; min: number; max: number; n: number; samples: number[] };

/**
 * `meets` is null for a figure reported without a goal. `spread` is there for a timing figure (value = its
 * median); `note` says what else the figure saw (the 429s of each bulk run, for one).
 */
export type Figure = {
  name: string;
  value: number;
  unit: string;
  goal: string;
  meets: boolean | null;
  spread?: Spread;
  note?: string;
  /** The speed probe's ms (speed-probe.ts) just before and just after the stage that measured it: its machine. */
  probe?: { before: number; after: number };
};

const round = (value: number) => Math.round(value * 1000) / 1000;

export function figure(name: string, value: number, unit: string, goal: string, meets: boolean | null): Figure {
  return { name, value: round(value), unit, goal, meets };
}

/** A figure the report shows for what it tells, with no goal to meet. */
export const reported = (name: string, value: number, unit: string): Figure => figure(name, value, unit, '—', null);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Timing figures are measured this many times at least; their median is the figure. */
export const MIN_SAMPLES = 5;

/**
 * A timing figure from its samples: the median, judged by `meets` (null: no goal), with min and max beside it.
 * A sample that is not a number (a measurement that failed) makes the figure NaN: never a median of fewer.
 */
export function timed(
  name: string,
  samples: readonly number[],
  unit: string,
  goal: string,
  meets: ((median: number) => boolean) | null,
  note?: string,
): Figure {
  const broken = samples.length < MIN_SAMPLES || samples.some((s) => !Number.isFinite(s));
  const value = broken ? Number.NaN : median(samples);
  const spread: Spread = {
    median: round(value),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
    n: samples.length,
    samples: samples.map(round),
  };
  return {
    ...figure(name, value, unit, goal, meets === null ? null : !broken && meets(value)),
    spread,
    ...(note && { note }),
  };
}

/**
 * The figures of two stages that measure some of the same (the scale stage's 1,000 point and the library
 * stage's): the later stage's figure stands, under the goal; the earlier one of that name leaves.
 */
export function superseded(earlier: readonly Figure[], later: readonly Figure[]): Figure[] {
  const names = new Set(later.map((f) => f.name));
  return [...earlier.filter((f) => !names.has(f.name)), ...later];
}

const cell = (f: Figure, key: 'min' | 'max') => (f.spread ? String(f.spread[key]) : '—');

/** The machine beside a figure: the probe before and after its stage, "—" for one no stage timed. */
export const probeCell = (f: Figure): string => (f.probe ? `${f.probe.before}–${f.probe.after}` : '—');

/**
 * Runs one stage of the bench and stamps each of its figures with the speed probe taken just before and just
 * after it: a run's load changes as it goes, and a figure is only comparable with one measured at the same speed.
 */
export async function probed(stage: () => Promise<Figure[]>, probe: () => number): Promise<Figure[]> {
  const before = probe();
  const figures = await stage();
  const after = probe();
  return figures.map((f) => ({ ...f, probe: { before, after } }));
}

/** Writes bench/results/latest.json and latest.md, and prints the machine and the table. */
export function report(root: string, figures: Figure[], machine: Machine): void {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify({ machine, figures }, null, 2)}\n`);
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.value} ${f.unit} | ${cell(f, 'min')} | ${cell(f, 'max')} | ${f.spread?.n ?? 1} | ${f.goal} | ` +
      `${f.meets === null ? '—' : f.meets ? 'yes' : 'NO'} | ${probeCell(f)} |`,
  );
  const notes = figures.filter((f) => f.note).map((f) => `- ${f.name}: ${f.note}`);
  const table = [
    `Machine: ${machine.summary}`,
    '',
    '| figure | value (median of timings) | min | max | samples | goal | meets | probe ms (before–after) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    ...(notes.length > 0 ? ['', ...notes] : []),
  ].join('\n');
  writeFileSync(join(dir, 'latest.md'), `${table}\n`);
  console.log(table);
}
