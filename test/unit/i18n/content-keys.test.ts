import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLES } from '../../../utils/i18n/locales';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every product file a script loads (relative imports, type-only ones left out), from its entry. */
function loaded(entry: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(ROOT, file), 'utf8');
    const imports = source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms);
    for (const [, spec] of imports) {
      const base = normalize(join(dirname(file), spec ?? ''));
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
        (candidate) => existsSync(join(ROOT, candidate)) && candidate.match(/\.tsx?$/),
      );
      if (found) walk(relative(ROOT, join(ROOT, found)));
    }
  };
  walk(entry);
  return [...seen];
}

const keysIn = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+)\.[^']*'/g)].map((m) => m[1]);

describe('a YouTube page and the panel frame are given every message their code can write', () => {
  it.each([
    // Everything the content script does is the page module it imports (entrypoints/youtube-page/).
    ['entrypoints/youtube-page/index.ts', BUNDLES.content],
    ['entrypoints/youtube-channel/index.tsx', [...BUNDLES.content, ...BUNDLES.channel]],
    // The watch page's panel in its frame (Chromium) reads the content bundle too.
    ['entrypoints/panel-frame/index.ts', BUNDLES.content],
  ])('%s uses only the areas of its bundles', (entry, areas) => {
    const files = loaded(entry);
    expect(files.length).toBeGreaterThan(10);
    const outside = files.flatMap((file) =>
      keysIn(file)
        .filter((area) => !(areas as readonly string[]).includes(area ?? ''))
        .map((area) => `${file}: ${area}.…`),
    );
    expect(outside).toEqual([]);
  });
});
