import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageFiles } from '../e2e/support/page-files';
import { type Figure, figure, reported } from './figures';

const gzKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/**
 * panel.content_script_kb_gz: everything a YouTube page loads from the production build (`outDir`), each file
 * gzipped: the content script (a loader), the page module it imports on every page, its stylesheet and messages.
 * channel.content_script_kb_gz: what a channel page adds (the channel module). panel.tabs_module_kb_gz: what a
 * watch page adds when its Analysis or Ask tab is first opened (the tabs module). panel.frame_kb_gz: the watch
 * page's panel frame (Chromium), its document and what it loads, run in the extension's process, not the page's.
 * The files come from the manifest (test/e2e/support/page-files.ts), so none is left out.
 */
export function contentScriptFigures(outDir: string): Figure[] {
  const files = pageFiles(outDir);
  const sizes = (list: string[]) => list.map((file) => ({ file, kb: gzKb(join(outDir, file)) }));
  const every = sizes(files.every);
  const channel = sizes(files.channel);
  const tabs = sizes(files.tabs);
  const frame = sizes(files.frame);
  const sum = (list: Array<{ kb: number }>) => list.reduce((total, f) => total + f.kb, 0);
  const listed = [...every, ...channel, ...tabs, ...frame].map((f) => `${f.file} ${f.kb.toFixed(2)}`).join(', ');
  console.log(`content script, kB gzipped: ${listed}`);
  const page = sum(every);
  return [
    figure('panel.content_script_kb_gz', page, 'kB', '≤ 40', page <= 40),
    reported('channel.content_script_kb_gz', sum(channel), 'kB'),
    reported('panel.tabs_module_kb_gz', sum(tabs), 'kB'),
    reported('panel.frame_kb_gz', sum(frame), 'kB'),
  ];
}
