import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { afterBundle, entryChunk, takeStyles } from './scripts/finished-bundle';
import { framePage } from './scripts/frame-page';
import { localeAssets } from './scripts/locales';

// Production talks to the real service only. Test and demo builds (`--mode e2e`) may also reach the
// local service on loopback; no build asks for broad host access.
const PRODUCTION_SERVICE = 'https://www.youtube-transcript.io/*';
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
/**
 * Another service address is allowed at run time, by a permission prompt from the options page, for that one
 * origin. Store builds offer https only: production refuses a plain http address (utils/settings/service-url.ts), so
 * an http pattern there would be a permission no code path uses. Test and development builds keep http
 * for the local service on loopback.
 */
const anyHost = (mode: string) => (mode === 'production' ? ['https://*/*'] : ['https://*/*', 'http://*/*']);

/**
 * The oldest Chrome the bundle runs in: 120. Every request to the service joins its timeout with the caller's
 * cancel by AbortSignal.any (116; utils/api/client.ts, utils/api/mcp.ts), and the MCP SDK bundled with it calls
 * URL.canParse (120) in its OAuth schemas, a path the header token never takes but which is in the bundle.
 * The rest is older (MV3 optional_host_permissions and storage.local.setAccessLevel: 102).
 * test/release/store-builds.test.ts fails when the bundle starts using a newer web API than declared here.
 */
const MINIMUM_CHROME = '120';
/**
 * The oldest Firefox: 140, an ESR. Firefox reads data_collection_permissions (the built-in data consent AMO
 * requires of new add-ons) from 140 on; AbortSignal.any needs 124. Firefox for Android is not a target (the
 * panel is for the desktop site, www.youtube.com), but its minimum is declared for the same key: 142.
 */
const MINIMUM_FIREFOX = '140.0';
const MINIMUM_FIREFOX_ANDROID = '142.0';

/** What the sources archive holds: what `npm ci` and the production build need, and the note for reviewers. */
const SOURCES = [
  'BUILDING.md',
  'README.md',
  'PRIVACY.md',
  'CHANGELOG.md',
  '.nvmrc',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'wxt.config.ts',
  'entrypoints/**',
  'components/**',
  'utils/**',
  'public/**',
  'locales/**',
  'scripts/locales.ts',
  'scripts/frame-page.ts',
  'scripts/finished-bundle.ts',
];

/**
 * The MCP SDK's client imports Ajv for its default validator, which compiles schemas with `new Function` (MV3's
 * CSP forbids it). utils/api/mcp.ts passes the CfWorker validator instead, so Ajv is dead code: it is left out
 * of the bundle (about a quarter of the background's size, and one `Function` finding less in web-ext lint).
 */
const NO_AJV = '\0transcript-lens:no-ajv';
const withoutAjv: Plugin = {
  name: 'transcript-lens:without-ajv',
  enforce: 'pre',
  resolveId(source, importer) {
    const sdk = importer?.replaceAll('\\', '/').includes('/@modelcontextprotocol/sdk/');
    return sdk && source.endsWith('/validation/ajv-provider.js') ? NO_AJV : null;
  },
  load(id) {
    if (id !== NO_AJV) return null;
    return `export class AjvJsonSchemaValidator {
  constructor() { throw new Error('Transcript Lens leaves Ajv out: pass a jsonSchemaValidator to the MCP client.'); }
}`;
  },
};

function packageVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  return pkg && typeof pkg === 'object' && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : '';
}

/**
 * Modules the YouTube content script imports (components/youtube/lazy.ts): the page module on every page,
 * the others only on the pages that use them; each an unlisted script built as an ES module. docs/benchmarks.md says
 * what each page loads.
 */
const LAZY_MODULES = ['youtube-channel', 'youtube-page', 'youtube-tabs'];

/**
 * A lazy module's CSS goes into its code (components/youtube/styles.ts), which adds it to the panel's
 * shadow root: the content script's own stylesheet does not have it, and a CSS file beside it would not be loaded.
 */
function lazyCss(): Plugin {
  const placeholder = /(["'`])\/\*tl:lazy-css\*\/\1/g;
  return afterBundle('transcript-lens:lazy-css', function (_options, bundle) {
    const entry = entryChunk(bundle);
    if (entry?.code.match(placeholder)?.length !== 1) {
      this.error('a lazy module must import addStyles (components/youtube/styles.ts) exactly once');
    }
    const css = takeStyles(bundle);
    entry.code = entry.code.replace(placeholder, () => JSON.stringify(css));
  });
}

/** Everything the content script does, a module every YouTube page loads at once (entrypoints/youtube-page/). */
const PAGE_MODULE = 'youtube-page';

/** The watch page's panel frame (entrypoints/panel-frame/): one module and its document (scripts/frame-page.ts). */
const FRAME = 'panel-frame';

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of the module is compiled
 * when the module is, and an imported module is compiled on a background thread while it streams, so its
 * functions are not compiled on the page's main thread at their first call (docs/benchmarks.md, "Page cost").
 * It must be the file's first line: it is added after minification, which drops comments.
 */
function compileHint(entryName: string): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'transcript-lens:compile-hint',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.isEntry && file.fileName === `${entryName}.js`)
            file.code = hint + file.code;
        }
      },
    },
  };
}

/**
 * The YouTube content script uses the browser's own promise-based API (`chrome` in Chromium's Manifest V3,
 * `browser` in Firefox), as WXT gives it without webextension-polyfill: every API it calls returns a promise
 * natively, and the polyfill would be a twelfth of what every YouTube page loads. The background and the
 * extension's pages keep the polyfill (the `@wxt-dev/webextension-polyfill` module).
 */
function nativeBrowserApi(): Plugin {
  const native = createRequire(import.meta.url).resolve('wxt/browser');
  return {
    name: 'transcript-lens:native-browser-api',
    enforce: 'pre',
    resolveId: (id) => (id === 'wxt/browser' || id === '@wxt-dev/webextension-polyfill/browser' ? native : null),
  };
}

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // `npm run release` (scripts/release.ts): the store archives and the sources archive Firefox reviewers rebuild
  // (BUILDING.md says how), named by WXT's defaults: transcript-lens-<version>-<browser>.zip and -sources.zip
  // (a non-production mode adds its name). The archives are deterministic: sorted entries, no timestamps.
  zip: {
    includeSources: SOURCES,
    // For .nvmrc (the Node version); every other dot file is left out by includeSources.
    dotSources: true,
  },
  // Every file imports what it uses; auto-imports would hide where things come from.
  imports: false,
  vite: ({ mode }) => {
    // A store build is the same whatever NODE_ENV the shell has: Vite keeps a NODE_ENV already set (vitest's
    // `test`, a developer's `development`), and with it Preact's devtools hooks and import.meta.env.PROD false.
    if (mode === 'production') process.env.NODE_ENV = 'production';
    return {
      plugins: [withoutAjv, preact()],
      // package.json's version, the one source (WXT puts it in the manifest), for code that names itself.
      define: { 'import.meta.env.TL_VERSION': JSON.stringify(packageVersion()) },
    };
  },
  hooks: {
    // The message catalogue (scripts/locales.ts): each locale's bundles, Chrome's _locales, the pseudo-locale.
    'build:publicAssets': (wxt, files) => {
      files.push(...localeAssets(wxt.config.mode));
    },
    // The YouTube content script and its lazy modules (docs/benchmarks.md, "What a YouTube page loads").
    // The panel's frame is built the same way, as one module of its own, with its document (scripts/frame-page.ts).
    'vite:build:extendConfig': (entrypoints, config) => {
      const named = (...names: string[]) => entrypoints.some((entry) => names.includes(entry.name));
      if (named('youtube', FRAME, ...LAZY_MODULES)) config.plugins = [nativeBrowserApi(), ...(config.plugins ?? [])];
      if (!named(FRAME, ...LAZY_MODULES)) return;
      // An ES module, whose exports the content script's import() receives (WXT builds scripts as IIFEs), in one
      // file (a chunk split from it would be another file to list and load), minified as the IIFEs are (Vite
      // leaves an ES library's whitespace and comments for its users' bundlers).
      if (config.build?.lib) config.build.lib.formats = ['es'];
      const output = config.build?.rollupOptions?.output;
      // TL_MINIFY=0 (test builds only) names each function in the bench's CPU profiles (test/bench/frame-profile.ts).
      const minify = config.mode === 'production' || process.env.TL_MINIFY !== '0';
      if (output && !Array.isArray(output)) Object.assign(output, { codeSplitting: false, minify, comments: false });
      const styles = named(FRAME) ? framePage(FRAME) : lazyCss();
      config.plugins = [...(config.plugins ?? []), styles, compileHint(PAGE_MODULE), compileHint(FRAME)];
    },
    // Firefox test builds only: a content script that reports what any content script of the add-on can read
    // (test/firefox proves the token is not among it). Never in a store build.
    'entrypoints:resolved': (wxt, entrypoints) => {
      const keep = wxt.config.mode === 'e2e' && wxt.config.browser === 'firefox';
      if (keep) return;
      const probe = entrypoints.findIndex((e) => e.name === 'secrecy-probe');
      if (probe >= 0) entrypoints.splice(probe, 1);
    },
  },
  manifest: ({ mode, browser, manifestVersion }) => ({
    // From locales/<tag>/manifest.json, as _locales/<folder>/messages.json (scripts/locales.ts).
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'alarms', 'contextMenus', 'notifications'],
    host_permissions: mode === 'e2e' ? [PRODUCTION_SERVICE, ...LOOPBACK] : [PRODUCTION_SERVICE],
    // The lazy modules, for YouTube's pages only, at an address that changes each session in Chromium (as WXT
    // serves the content script's stylesheet) so pages cannot probe for the extension; Firefox's add-on address
    // is random per install already.
    web_accessible_resources: [
      {
        // The catalogue's bundles a YouTube page reads in its language (utils/i18n/load.ts).
        // The watch page's panel frame (entrypoints/panel-frame/).
        resources: [
          ...LAZY_MODULES.map((name) => `${name}.js`),
          'locales/*/content.json',
          'locales/*/channel.json',
          'panel-frame.html',
        ],
        matches: ['https://www.youtube.com/*'],
        ...(browser === 'firefox' ? {} : { use_dynamic_url: true }),
      },
    ],
    // Manifest V2 (Firefox) has no optional_host_permissions: host patterns go in optional_permissions.
    ...(manifestVersion === 2 ? { optional_permissions: anyHost(mode) } : { optional_host_permissions: anyHost(mode) }),
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: MINIMUM_CHROME }),
    // Chrome gives no key to a command whose suggested key is one of its own shortcuts (Alt+Shift+T focuses
    // its toolbar): test/e2e/keyboard.spec.ts reads the key Chromium gave.
    commands: {
      'toggle-panel': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: '__MSG_commandTogglePanel__',
      },
    },
    // Firefox only: Chrome warns about a key it does not know.
    ...(browser === 'firefox' && {
      browser_specific_settings: {
        gecko: {
          id: 'transcript-lens@example.org',
          strict_min_version: MINIMUM_FIREFOX,
          // Video ids of the pages where the panel opens go to the transcript service.
          data_collection_permissions: { required: ['websiteActivity'] },
        },
        gecko_android: { strict_min_version: MINIMUM_FIREFOX_ANDROID },
      },
    }),
  }),
});
