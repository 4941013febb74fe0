import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
/** The store notes, and the pages at the root a store or a reviewer reads. */
const STORE = readdirSync(join(ROOT, 'docs', 'store'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/store/${name}`);
const PAGES = ['README.md', ...DOCS, ...STORE, 'PRIVACY.md', 'CHANGELOG.md', 'BUILDING.md'];

/** Markdown links and images, `[text](target)`, outside code blocks and code spans. */
function linksOf(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('the README and docs/ stand on their own in a fresh clone', () => {
  it('every relative link points at a file of the repository', () => {
    const broken = PAGES.flatMap((page) =>
      linksOf(page)
        .filter((target) => !external(target) && !target.startsWith('#'))
        .flatMap((target) => {
          const path = resolve(ROOT, dirname(page), decodeURI(target.split('#')[0] ?? ''));
          const inside = !relative(ROOT, path).startsWith('..');
          return inside && existsSync(path) ? [] : [`${page} → ${target}`];
        }),
    );
    expect(PAGES.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });

  it('no page names a file outside the repository (the spec and the design are not shipped)', () => {
    const outside = PAGES.filter((page) =>
      /\.\.\/shared\b|service-spec\.md|DESIGN\.md/.test(readFileSync(join(ROOT, page), 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('the README links every page under docs/ and the store notes', () => {
    const linked = new Set(linksOf('README.md').map((target) => target.split('#')[0]));
    expect([...DOCS, 'docs/store/README.md'].filter((page) => !linked.has(page))).toEqual([]);
  });

  it('every page under docs/ is a page a newcomer reads in one sitting: at most 250 lines', () => {
    const long = [...DOCS, ...STORE].filter(
      (page) => readFileSync(join(ROOT, page), 'utf8').trimEnd().split('\n').length > 250,
    );
    expect(long).toEqual([]);
  });

  it('the README stays a front door: at most 150 lines, the two commands first', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
    const firstBlock = lines.slice(lines.indexOf('```sh') + 1, lines.indexOf('```sh') + 3).join('\n');
    expect(firstBlock).toMatch(/npm run demo[\s\S]*npm test/);
  });
});
