import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `meets` is null for a figure reported without a goal. */
export type Figure = { name: string; value: number; unit: string; goal: string; meets: boolean | null };

export function figure(name: string, value: number, unit: string, goal: string, meets: boolean | null): Figure {
  return { name, value: Math.round(value * 1000) / 1000, unit, goal, meets };
}

/** A figure the report shows for what it tells, with no goal to meet. */
export const reported = (name: string, value: number, unit: string): Figure => figure(name, value, unit, '—', null);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Writes bench/results/latest.json and latest.md, and prints the table. */
export function report(root: string, figures: Figure[]): void {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify({ figures }, null, 2)}\n`);
  const rows = figures.map(
    (f) => `| ${f.name} | ${f.value} ${f.unit} | ${f.goal} | ${f.meets === null ? '—' : f.meets ? 'yes' : 'NO'} |`,
  );
  const table = ['| figure | value | goal | meets |', '|---|---|---|---|', ...rows].join('\n');
  writeFileSync(join(dir, 'latest.md'), `${table}\n`);
  console.log(table);
}
