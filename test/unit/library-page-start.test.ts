import { describe, expect, it } from 'vitest';
import { importsOf } from './imports';

/** The modules and packages a walk from the entry reaches: static imports only, or `import()` calls too. */
function reached(entry: string, { dynamic }: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const found of importsOf(file)) {
      if (found.typeOnly || (found.dynamic && !dynamic)) continue;
      queue.push(found.target ?? `package:${found.spec}`);
    }
  }
  return seen;
}

const ENTRY = 'entrypoints/library/main.tsx';
/** What the library's first screen (rows and search box) does not use: loaded at first use (docs/library.md). */
const LATER = [
  'entrypoints/library/ListView.tsx',
  'entrypoints/library/export-json.ts',
  'entrypoints/library/transfer.ts',
  'entrypoints/library/import-parts.ts',
  'utils/library/file.ts',
  'components/channel/BulkBar.tsx',
  'package:zod',
  'package:fflate',
];

describe('the library page’s start', () => {
  it('evaluates neither the bulk view, the exports and import, zod’s full build nor fflate', () => {
    const atStart = reached(ENTRY, { dynamic: false });
    expect(atStart.has('entrypoints/library/LibraryApp.tsx')).toBe(true);
    expect(LATER.filter((module) => atStart.has(module))).toEqual([]);
  });

  it('still reaches each of them, by import() at its first use', () => {
    const ever = reached(ENTRY, { dynamic: true });
    expect(LATER.filter((module) => !ever.has(module))).toEqual([]);
  });
});
