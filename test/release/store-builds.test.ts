import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The store builds, as `npm run build` and `npm run build:firefox` leave them (and as `wxt zip` packs them):
 * least privilege, declared minimum versions that cover what the bundle calls, and nothing of the test builds.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const STORE = {
  chrome: join(ROOT, '.output', 'chrome-mv3'),
  firefox: join(ROOT, '.output', 'firefox-mv2'),
};

const SERVICE = 'https://www.youtube-transcript.io/*';
const API_PERMISSIONS = ['storage', 'alarms', 'contextMenus', 'notifications'];
/** Both builds have five pages and the watch page's panel frame (entrypoints/panel-frame/), web-accessible. */
const PAGES = ['confirm.html', 'library.html', 'options.html', 'panel-frame.html', 'popup.html', 'spending.html'];

/**
 * Web APIs whose names survive minification, with the first Chrome and Firefox that have them. The declared
 * minimum versions must cover each one the bundle mentions (a guarded call counts too: it is cheaper to declare
 * it than to prove every guard).
 */
const FEATURES: Array<[needle: string, chrome: number, firefox: number]> = [
  ['AbortSignal.timeout', 103, 100],
  ['AbortSignal.any', 116, 124],
  ['structuredClone', 98, 94],
  ['URL.canParse', 120, 115],
  ['URL.parse(', 126, 126],
  ['Object.groupBy', 117, 119],
  ['Map.groupBy', 117, 119],
  ['Promise.withResolvers', 119, 121],
  ['Array.fromAsync', 121, 115],
  ['Iterator.from', 122, 131],
  ['Promise.try', 128, 134],
  ['Error.isError', 134, 138],
  ['RegExp.escape', 136, 134],
  ['Uint8Array.fromBase64', 140, 133],
  ['Float16Array', 135, 129],
];

type Manifest = {
  manifest_version: number;
  version: string;
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
  minimum_chrome_version?: string;
  content_security_policy?: unknown;
  content_scripts?: Array<{ matches: string[]; js?: string[] }>;
  browser_specific_settings?: {
    gecko?: { id?: string; strict_min_version?: string; data_collection_permissions?: { required: string[] } };
    gecko_android?: { strict_min_version?: string };
  };
};

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .sort();
}

function store(browser: keyof typeof STORE) {
  const dir = STORE[browser];
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`No store build in ${dir}: run npm run build && npm run build:firefox first.`);
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const all = files(dir);
  const scripts = all
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
  return { manifest, files: all, scripts, bundle: scripts.map((script) => script.text).join('\n') };
}

/**
 * What only tests and the bench use. A timing mark lands in the page's performance timeline (the content script's
 * too), where YouTube's scripts can read it and learn the extension is there; the bench times from the outside.
 */
const INSTRUMENTS: Array<[name: string, pattern: RegExp]> = [
  ['performance.mark', /\bperformance\s*\.\s*mark\b/],
  ['performance.measure', /\bperformance\s*\.\s*measure\b/],
  ['a __tl global', /__tl/],
  ["the observer's count (tl:observer-ms)", /tl:observer-ms|tlObserverMs/],
];

const STRING = /^(`[^`]*`|'[^']*'|"[^"]*")$/;
const VALUE = /[\w$]+|`[^`]*`|'[^']*'|"[^"]*"/.source;

/** A literal or a minifier's variable of `text`, as the string it holds; null when it is not exactly one. */
function stringOf(text: string, value: string): string | null {
  if (STRING.test(value)) return value.slice(1, -1);
  const escaped = value.replaceAll('$', '\\$');
  const assigned = new Set(
    [...text.matchAll(new RegExp(`(?:\\bvar|\\blet|\\bconst|,)\\s*${escaped}=(${VALUE})[,;]`, 'g'))].map(
      (m) => m[1] ?? '',
    ),
  );
  const [only] = assigned;
  return assigned.size === 1 && only !== undefined && STRING.test(only) ? only.slice(1, -1) : null;
}

/**
 * The shadow root mode of every UI the content script makes with WXT's `createShadowRootUi` (components/youtube/panel-host.ts), by tag:
 * its options as the bundle writes them, `{name:…,mode:…,position:…}`, each value resolved where the minifier
 * made it a variable (null when it cannot be). WXT opens the root when no mode is given, so a missing one counts
 * as open.
 */
function shadowModes(scripts: Array<{ text: string }>): Array<{ tag: string | null; mode: string | null }> {
  const options = new RegExp(`\\{name:(${VALUE}),(?:mode:(${VALUE}),)?position:`, 'g');
  return scripts.flatMap(({ text }) =>
    [...text.matchAll(options)].map((m) => ({
      tag: stringOf(text, m[1] ?? ''),
      mode: m[2] === undefined ? 'open' : stringOf(text, m[2]),
    })),
  );
}

function needed(bundle: string): { chrome: number; firefox: number; found: string[] } {
  const found = FEATURES.filter(([needle]) => bundle.includes(needle));
  return {
    chrome: Math.max(0, ...found.map(([, chrome]) => chrome)),
    firefox: Math.max(0, ...found.map(([, , firefox]) => firefox)),
    found: found.map(([needle]) => needle),
  };
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe.each(['chrome', 'firefox'] as const)('the %s store build', (browser) => {
  const build = store(browser);

  it("carries package.json's version", () => {
    expect(build.manifest.version).toBe(pkg.version);
  });

  it("has only the test-free entrypoints: the background, the YouTube content script, five pages and the panel's frame", () => {
    expect(build.files.filter((file) => file.endsWith('.html'))).toEqual(PAGES);
    // No stylesheet of its own: the panel's styles are in the page module (one fetch less on every YouTube page).
    expect(build.files.filter((file) => file.startsWith('content-scripts/'))).toEqual(['content-scripts/youtube.js']);
    expect(build.manifest.content_scripts).toEqual([
      expect.objectContaining({ matches: ['https://www.youtube.com/*'] }),
    ]);
    expect(build.files.some((file) => file.includes('secrecy-probe'))).toBe(false);
  });

  it("heads the page module with V8's compile hint as its first line, where V8 reads it (wxt.config.ts)", () => {
    const dir = STORE[browser];
    const firstLine = readFileSync(join(dir, 'youtube-page.js'), 'utf8').split('\n', 1)[0];
    expect(firstLine).toBe('//# allFunctionsCalledOnLoad');
  });

  it("has none of the test build's hooks, and no source maps", () => {
    expect(build.bundle).not.toContain('__tlMenuClick');
    expect(build.bundle).not.toContain('__tlCommand');
    expect(build.bundle).not.toContain('secrecy-probe');
    expect(build.files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('carries no test instrument: no performance mark or measure, no __tl global, no observer count', () => {
    const found = build.scripts.flatMap(({ file, text }) =>
      INSTRUMENTS.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${file}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it("closes the panel host's shadow root: the one shadow root the content script makes, and no other open one", () => {
    expect(shadowModes(build.scripts)).toEqual([{ tag: 'transcript-lens-panel', mode: 'closed' }]);
    // The one attachShadow is WXT's, given the mode above; none opens a root by itself.
    const calls = [...build.bundle.matchAll(/\.attachShadow\(([^)]*)\)/g)].map((m) => m[1]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).not.toMatch(/open/);
  });

  it('reaches the service only, and asks for another https origin only when a person sets one', () => {
    const hosts = [
      ...(build.manifest.host_permissions ?? []),
      ...(build.manifest.permissions ?? []).filter((p) => p.includes('://')),
    ];
    expect(hosts).toEqual([SERVICE]);
    const optional =
      browser === 'chrome' ? build.manifest.optional_host_permissions : build.manifest.optional_permissions;
    expect(optional).toEqual(['https://*/*']);
    expect(JSON.stringify(build.manifest)).not.toMatch(/http:\/\/|<all_urls>|127\.0\.0\.1|localhost/);
  });

  it('asks for four API permissions, none of them tabs, scripting, cookies or webRequest', () => {
    const apis = (build.manifest.permissions ?? []).filter((p) => !p.includes('://'));
    expect(apis).toEqual(API_PERMISSIONS);
    expect(build.manifest.content_security_policy).toBeUndefined();
  });

  it('declares a minimum version that covers every web API the bundle calls', () => {
    const need = needed(build.bundle);
    if (browser === 'chrome') {
      expect(Number(build.manifest.minimum_chrome_version), need.found.join(', ')).toBeGreaterThanOrEqual(need.chrome);
    } else {
      const min = build.manifest.browser_specific_settings?.gecko?.strict_min_version ?? '0';
      expect(Number.parseInt(min, 10), need.found.join(', ')).toBeGreaterThanOrEqual(need.firefox);
    }
  });
});

describe('each store gets its own keys', () => {
  it('Chrome: Manifest V3, minimum_chrome_version 120, no Firefox settings', () => {
    const { manifest } = store('chrome');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.minimum_chrome_version).toBe('120');
    expect(manifest.browser_specific_settings).toBeUndefined();
  });

  it('Firefox: Manifest V2, 140 (an ESR, the first to read data_collection_permissions), its id and data use', () => {
    const { manifest } = store('firefox');
    expect(manifest.manifest_version).toBe(2);
    expect(manifest.minimum_chrome_version).toBeUndefined();
    expect(manifest.browser_specific_settings).toEqual({
      gecko: {
        id: 'transcript-lens@example.org',
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['websiteActivity'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    });
  });
});

describe("package.json's version is the only one", () => {
  it('no source file of the extension writes it (the manifest and TL_VERSION come from package.json)', () => {
    const sources = ['entrypoints', 'components', 'utils'].flatMap((dir) =>
      files(join(ROOT, dir))
        .filter((file) => /\.(ts|tsx|html|css)$/.test(file))
        .map((file) => join(dir, file)),
    );
    const quoted = new RegExp(`['"\`]${pkg.version.replaceAll('.', '\\.')}['"\`]`);
    expect(sources.filter((file) => quoted.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
