import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]/g;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
}

/** A relative import resolved to a file of the repository, or null for packages. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile()) return candidate;
  }
  return null;
}

/** Every source file the entries import, directly or not (relative imports). */
function reachedFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      const target = resolveImport(file, spec);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const PRODUCT = /^(?:utils|entrypoints|components)\//;
/** Every module a file names: static imports and re-exports (with whether they are type-only), import(), require(). */
const SPECIFIER =
  /\b(import|export)\s+(type\s+)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]|\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g;

/** The product modules a file loads at run time (`import type` and `export type` erase; all else loads). */
function productLoads(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(SPECIFIER)]
    .filter((m) => m[2] === undefined)
    .map((m) => m[3] ?? m[4] ?? m[5] ?? '')
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolveImport(file, spec) ?? relative(ROOT, join(ROOT, dirname(file), spec)))
    .filter((target) => PRODUCT.test(target));
}

describe('layers hold', () => {
  it('the local service (test/service) loads no product module: it is written from the spec', () => {
    const service = files('test/service');
    const loads = service.flatMap((file) => productLoads(file).map((target) => `${file} → ${target}`));
    expect(service.length).toBeGreaterThan(40);
    expect(loads).toEqual([]);
  });

  it('components/ and utils/ never import from entrypoints/', () => {
    const upward = [...files('components'), ...files('utils')].flatMap((file) =>
      importsOf(file)
        .map((spec) => resolveImport(file, spec))
        .filter((target): target is string => target?.startsWith('entrypoints/') ?? false)
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('nothing the content script imports, directly or not, reaches the token module', () => {
    // With the modules it loads by their address on some pages (components/youtube/lazy.ts).
    const lazy = readFileSync(join(ROOT, 'components/youtube/lazy.ts'), 'utf8');
    const byAddress = [...lazy.matchAll(/getURL\(\s*'\/([\w-]+)\.js'\s*\)/g)].map(
      (m) => resolveImport('entrypoints/x', `./${m[1]}`) ?? `missing entrypoint for ${m[0]}`,
    );
    expect(byAddress).toEqual([
      'entrypoints/youtube-channel/index.tsx',
      'entrypoints/youtube-page/index.ts',
      'entrypoints/youtube-tabs/index.tsx',
    ]);
    const seen = reachedFrom(['entrypoints/youtube.content/index.tsx', ...byAddress]);
    expect(seen.size).toBeGreaterThan(20);
    expect(seen).toContain('components/channel/ChannelView.tsx');
    expect([...seen].filter((f) => /secrets|background\//.test(relative(ROOT, join(ROOT, f))))).toEqual([]);
  });

  it("the panel's frame, an extension page inside YouTube's, reaches neither the background nor the token module", () => {
    const seen = reachedFrom(['entrypoints/panel-frame/index.ts']);
    expect(seen).toContain('components/Panel.tsx');
    expect([...seen].filter((f) => /secrets|background\//.test(f))).toEqual([]);
  });

  it('each extension page (library, popup, options, confirm, spending) is its own room: nothing from the background or another entrypoint, and only the page loads it', () => {
    const pages = ['library', 'popup', 'options', 'confirm', 'spending'].map((name) => `entrypoints/${name}/`);
    const room = (file: string) => pages.find((page) => file.startsWith(page)) ?? null;
    const product = [...files('entrypoints'), ...files('components'), ...files('utils')];
    const crossings = product.flatMap((file) =>
      importsOf(file)
        .map((spec) => resolveImport(file, spec))
        .filter((target): target is string => target?.startsWith('entrypoints/') ?? false)
        .filter((target) => room(target) !== room(file) && (room(file) !== null || room(target) !== null))
        .map((target) => `${file} → ${target}`),
    );
    expect(files('entrypoints/library').length).toBeGreaterThan(10);
    expect(crossings).toEqual([]);
  });

  it("the test harness's globals (test/*.d.ts) stay out of product code", () => {
    // Fixture switches, test hooks and the raw browser namespaces are typed for tests only; product code
    // goes through wxt/browser, so a forgotten import fails here instead of in one browser.
    const product = [...files('entrypoints'), ...files('components'), ...files('utils')];
    const misuse = product.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const found: string[] = [];
      if (
        /\b(?:yt(?:Navigate|SetAd|StitchAd|SetLive|Busy|SetDark|SetTheater|SetOtherPlayers)|__pageKeydowns|__panelInsertions|__tlShown|__tlPut)\b/.test(
          text,
        )
      )
        found.push('fixture or test hook');
      if (/(?<![.\w])chrome\./.test(text)) found.push('chrome global');
      if (
        /(?<![.\w])browser\./.test(text) &&
        !/import\s*\{[^}]*\bbrowser\b[^}]*\}\s*from\s*'wxt\/browser'/.test(text)
      ) {
        found.push('browser without its import');
      }
      return found.map((what) => `${file}: ${what}`);
    });
    expect(product.length).toBeGreaterThan(50);
    expect(misuse).toEqual([]);
  });

  it("the protocol's names have one import path each: nothing re-exports utils/protocol/ (no barrels)", () => {
    const REEXPORT = /\bexport\s+(?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?)\s*from\s+['"]([^'"]+)['"]/g;
    const SEND = /\bimport\s+(?:type\s+)?\{[^}]*\b(?:Send|PageSend)\b[^}]*\}\s*from\s+['"]([^'"]+)['"]/g;
    const all = [...files('entrypoints'), ...files('components'), ...files('utils'), ...files('test')];
    const barrels = all.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(REEXPORT)]
        .map((m) => resolveImport(file, m[1] ?? ''))
        .filter((target) => target?.startsWith('utils/protocol/') && !file.startsWith('utils/protocol/'))
        .map((target) => `${file} → ${target}`),
    );
    const sendFrom = all.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(SEND)]
        .map((m) => resolveImport(file, m[1] ?? ''))
        .filter((target) => target !== 'utils/protocol/send.ts')
        .map((target) => `${file} → ${target}`),
    );
    expect(barrels).toEqual([]);
    expect(sendFrom).toEqual([]);
  });

  it('nothing the content script or the panel frame loads at run time imports zod (replies checked by hand, background-line.ts)', () => {
    const seen = new Set<string>();
    // The loader and the page module it imports on every page (entrypoints/youtube-page/); the watch page's panel
    // frame, whose module zod more than doubled (docs/benchmarks.md, "The panel in its frame").
    const queue = [
      'entrypoints/youtube.content/index.tsx',
      'entrypoints/youtube-page/index.ts',
      'entrypoints/panel-frame/index.ts',
    ];
    const fullZod: string[] = [];
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
      seen.add(file);
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(SPECIFIER)) {
        if (m[2] !== undefined) continue;
        const spec = m[3] ?? m[4] ?? m[5] ?? '';
        if (spec === 'zod' || spec.startsWith('zod/')) fullZod.push(file);
        const target = resolveImport(file, spec);
        if (target) queue.push(target);
      }
    }
    expect(seen.has('components/youtube/background-line.ts')).toBe(true);
    expect(fullZod).toEqual([]);
  });

  it('only the background loads the API and MCP clients, the scheduler and the cache', () => {
    const owners = /^(?:entrypoints\/background|utils\/api|utils\/scheduler|utils\/cache)\//;
    const backgroundOnly =
      /^utils\/(?:api\/(?:client|mcp)|scheduler\/(?:index|queue|window|lanes|pump|turns)|cache\/(?:index|db|reads|writes|lru))\.ts$/;
    const outside = [...files('entrypoints'), ...files('components'), ...files('utils')].filter((f) => !owners.test(f));
    const leaks = outside.flatMap((file) =>
      productLoads(file)
        .filter((target) => backgroundOnly.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(outside.length).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });

  it("the channel room loads nothing of the library's internals (it is handed the library)", () => {
    const channel = files('entrypoints/background/channel');
    const reach = channel.flatMap((file) =>
      productLoads(file)
        .filter((target) => target.startsWith('entrypoints/background/library/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(channel.length).toBeGreaterThan(5);
    expect(reach).toEqual([]);
  });

  it('one composition root: only background/index.ts builds the background services', () => {
    const BUILD =
      /(?<!function )\b(create(?:Core|Tracking|Bulk|Library|PanelBuying|ChannelBuying|VideoSearch|SpendingHistory|HeldBuying|ConsentWindow|MenuActions|Handlers|Till))\(/g;
    const builders = files('entrypoints/background')
      .filter((file) => file !== 'entrypoints/background/index.ts')
      .flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(BUILD)].map((m) => `${file}: ${m[1]}`));
    expect(readFileSync(join(ROOT, 'entrypoints/background/index.ts'), 'utf8')).toMatch(BUILD);
    expect(builders).toEqual([]);
  });
});
