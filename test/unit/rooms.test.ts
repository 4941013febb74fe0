import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, type Graph, importGraph, importsOf, loopThrough } from './imports';
import { oversized, ROOT, sourceFiles } from './sizes';

/** The loops of a set of files, one readable line each; type-only imports count (they tie the files together too). */
function loops(files: string[]): string[] {
  const graph = importGraph(files);
  return circles(graph).map((group) => loopThrough(graph, group));
}

describe('the import walk (test/unit/imports.ts)', () => {
  it('finds each circle once, as a loop through its files, and none in a chain', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c', 'x'])],
      ['c', new Set(['a'])],
      ['x', new Set(['y'])],
      ['y', new Set<string>()],
      ['self', new Set(['self'])],
    ]);
    const found = circles(graph);
    expect(found).toEqual([['a', 'b', 'c'], ['self']]);
    expect(loopThrough(graph, ['a', 'b', 'c'])).toBe('a → b → c → a');
    expect(circles(new Map([['x', new Set(['y'])]]))).toEqual([]);
  });

  it('reads imports, re-exports, import() and type-only imports, resolved to files', () => {
    const cache = importsOf('utils/cache/index.ts');
    expect(cache).toContainEqual({ spec: './db', target: 'utils/cache/db.ts', typeOnly: false });
    expect(cache).toContainEqual({ spec: './types', target: 'utils/cache/types.ts', typeOnly: true });
    expect(cache).toContainEqual({ spec: './lru', target: 'utils/cache/lru.ts', typeOnly: false });
    const pending = importsOf('utils/jobs/pending.ts');
    expect(pending).toEqual([{ spec: './store', target: 'utils/jobs/store.ts', typeOnly: true }]);
    expect(importGraph(sourceFiles('utils')).size).toBeGreaterThan(100);
  });
});

// These parse every product file: on a loaded two-core machine more than vitest's 5 s (a run beside the load script).
const WALK = { timeout: 60_000 };

describe('utils/ and components/ as rooms', WALK, () => {
  it('utils/ and components/ hold no import circle (type-only imports included)', () => {
    expect(loops(sourceFiles('utils'))).toEqual([]);
    expect(loops(sourceFiles('components'))).toEqual([]);
  });

  it('utils/ keeps at most 10 loose files at its root: the rest live in rooms beside their subjects', () => {
    const loose = readdirSync(join(ROOT, 'utils')).filter((name) => statSync(join(ROOT, 'utils', name)).isFile());
    expect(loose.length).toBeGreaterThan(0);
    expect(loose.length, loose.join(', ')).toBeLessThanOrEqual(10);
  });

  it('no file in utils/ is over 300 lines', () => {
    const found = oversized(['utils'], 300, 100);
    expect(found.files).toBeGreaterThan(100);
    expect(found.longFiles).toEqual([]);
  });

  it('no function in utils/ is over 100 lines', () => {
    const found = oversized(['utils'], 300, 100);
    expect(found.functions).toBeGreaterThan(300);
    expect(found.longFunctions).toEqual([]);
  });
});

describe('the product as one house', WALK, () => {
  it('entrypoints/, components/ and utils/ together hold no import circle (type-only imports included)', () => {
    const files = ['entrypoints', 'components', 'utils'].flatMap(sourceFiles);
    const graph = importGraph(files, { typeOnly: true });
    const found = circles(graph).map((group) => loopThrough(graph, group));
    expect(files.length).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });
});
