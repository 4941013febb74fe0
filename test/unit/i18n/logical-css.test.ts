import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { physicalDeclarations } from './logical-css';

const ROOT = resolve(import.meta.dirname, '../../..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('stylesheets mirror in right-to-left languages (logical properties)', () => {
  it('finds physical declarations and allows a stated exception', () => {
    const css = `a { margin-left: 4px; }\nb { padding: 1px 2px 3px 4px; }\nc { padding: 1px 2px 3px 2px; }\n/* physical: the viewport */\nd { right: 0; }\ne { inset-inline-end: 0; border-left: 0 }`;
    expect(physicalDeclarations(css)).toEqual([
      '1: a { margin-left: 4px; }',
      '2: b { padding: 1px 2px 3px 4px; }',
      '6: e { inset-inline-end: 0; border-left: 0 }',
    ]);
  });

  const files = [...cssFiles(join(ROOT, 'components')), ...cssFiles(join(ROOT, 'entrypoints'))];
  it.each(files.map((f) => relative(ROOT, f)))('%s', (file) => {
    expect(physicalDeclarations(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });
});
