import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sources archive (wxt.config.ts `SOURCES`) must hold every file the build config loads, or the reviewers'
 * rebuild (`npm ci` then the build, test/release/reproducible.test.ts) fails on a missing module. This checks it in
 * seconds: the relative imports of wxt.config.ts and of what it loads, followed, each named in `SOURCES` or under
 * one of its folders.
 */
const ROOT = join(__dirname, '..', '..');
const config = readFileSync(join(ROOT, 'wxt.config.ts'), 'utf8');
const listed = [...(config.match(/const SOURCES = \[([\s\S]*?)\];/)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
  (m) => m[1],
);

function loaded(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const [, path] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = normalize(join(dirname(file), path ?? ''));
    loaded(/\.tsx?$/.test(target) ? target : `${target}.ts`, seen);
  }
  return seen;
}

const covered = (file: string) =>
  listed.some((entry) => (entry?.endsWith('/**') ? file.startsWith(entry.slice(0, -2)) : entry === file));

describe('the sources archive', () => {
  it('names the files of its own list (a test of the reading above)', () => {
    expect(listed).toContain('wxt.config.ts');
    expect(listed).toContain('utils/**');
  });

  it('holds every module the build config loads', () => {
    const files = [...loaded('wxt.config.ts')];
    expect(files).toContain('scripts/frame-page.ts');
    expect(files.filter((file) => !covered(file))).toEqual([]);
  });
});
