import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The extension's files a YouTube page loads: on every page, what a channel page adds, what a watch page adds
 * when a person first opens its Analysis or Ask tab, and the watch page's panel frame (Chromium): its document and
 * what that loads, run in the extension's process rather than the page's.
 */
export type PageFiles = { every: string[]; channel: string[]; tabs: string[]; frame: string[] };

/**
 * The modules the content script imports (components/youtube/lazy.ts), by the page that loads them: the
 * page module (all the content script does) on every page, the others on some. A web-accessible script missing here fails `pageFiles`, so no figure leaves one out.
 */
export const LAZY_FILES: Record<string, keyof PageFiles> = {
  'youtube-channel.js': 'channel',
  'youtube-page.js': 'every',
  'youtube-tabs.js': 'tabs',
  'panel-frame.html': 'frame',
};

/**
 * The catalogue's bundles, web-accessible for every locale (utils/i18n/load.ts): a page loads those of its
 * interface language, measured in English, the source (the other languages run about as long).
 */
export const CATALOGUE: Record<string, { page: keyof PageFiles; measured: string }> = {
  'locales/*/content.json': { page: 'every', measured: 'locales/en/content.json' },
  'locales/*/channel.json': { page: 'channel', measured: 'locales/en/channel.json' },
};

/** The scripts and stylesheets a built extension page names (`/chunks/…`, `/assets/…`), without their slash. */
function frameLoads(outDir: string, html: string): string[] {
  const text = readFileSync(join(outDir, html), 'utf8');
  return [...text.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
}

type Manifest = {
  content_scripts?: Array<{ matches: string[]; js?: string[]; css?: string[] }>;
  web_accessible_resources?: Array<string | { resources: string[] }>;
};

/**
 * Read from a build's manifest (`outDir`): the content script that runs on every YouTube page with the
 * stylesheet it fetches into its shadow root (web-accessible, under content-scripts/), and the lazy modules.
 */
export function pageFiles(outDir: string): PageFiles {
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const files: PageFiles = { every: [], channel: [], tabs: [], frame: [] };
  for (const script of manifest.content_scripts ?? []) {
    if (!script.matches.some((match) => match.startsWith('https://www.youtube.com/'))) continue;
    files.every.push(...(script.js ?? []), ...(script.css ?? []));
  }
  const accessible = (manifest.web_accessible_resources ?? []).flatMap((r) =>
    typeof r === 'string' ? r : r.resources,
  );
  for (const file of accessible) {
    const bundle = CATALOGUE[file];
    if (bundle) {
      files[bundle.page].push(bundle.measured);
      continue;
    }
    const page = file.startsWith('content-scripts/') ? 'every' : LAZY_FILES[file];
    if (!page)
      throw new Error(`${file} is web-accessible: say which YouTube page loads it (test/e2e/support/page-files.ts)`);
    files[page].push(file);
    if (page === 'frame') files.frame.push(...frameLoads(outDir, file));
  }
  if (files.every.length === 0) throw new Error(`no YouTube content script in ${outDir}/manifest.json`);
  return files;
}
