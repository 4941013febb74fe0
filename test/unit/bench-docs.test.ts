import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BENCH = join(ROOT, 'test', 'bench');
const DOC = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');

/** Every figure the bench can report: the name each `figure`, `timed` or `reported` call is given (figures.ts). */
function benchFigures(): string[] {
  const files = readdirSync(BENCH, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const names = files.flatMap((file) => {
    const text = readFileSync(join(BENCH, file), 'utf8');
    return [...text.matchAll(/\b(?:figure|timed|reported)\(\s*'([a-z0-9_]+\.[a-z0-9_]+)'/g)].map((m) => m[1] ?? '');
  });
  return [...new Set(names)].sort();
}

/** The first column of the doc's table of figures, under "What each figure measures". */
function documentedFigures(): string[] {
  const section = DOC.split(/^## /m).find((part) => part.startsWith('What each figure measures')) ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] ?? '').sort();
}

describe('docs/benchmarks.md', () => {
  it('says what every figure of the bench measures, and names no figure the bench does not report', () => {
    const figures = benchFigures();
    // Fails if the call pattern changes and the scan silently finds nothing.
    expect(figures.length).toBeGreaterThanOrEqual(30);
    expect(figures).toContain('panel.page_cost_ms');
    expect(documentedFigures()).toEqual(figures);
  });
});
