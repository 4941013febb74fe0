import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentScriptFigures } from '../bench/content-size';
import { LAZY_FILES, pageFiles } from '../e2e/support/page-files';

const ROOT = resolve(import.meta.dirname, '../..');
const YOUTUBE = ['https://www.youtube.com/*'];

/** A build directory with this manifest and these files (path → text). */
function build(manifest: object, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tl-page-files-'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length / 1024;
const round = (kb: number) => Math.round(kb * 1000) / 1000;

describe('what a YouTube page loads is measured whole (panel.content_script_kb_gz)', () => {
  const files = {
    'content-scripts/youtube.js': 'let panel = 1;'.repeat(400),
    'content-scripts/youtube.css': '.tl-root { color: red }'.repeat(50),
    'youtube-channel.js': 'export default 2;'.repeat(300),
    'background.js': 'never on a page'.repeat(1000),
  };
  const manifest = {
    content_scripts: [{ matches: YOUTUBE, js: ['content-scripts/youtube.js'] }],
    web_accessible_resources: [
      { resources: ['youtube-channel.js'], matches: YOUTUBE },
      { resources: ['content-scripts/youtube.css'], matches: YOUTUBE },
    ],
  };

  it('every page: the content script and its stylesheet; a channel page adds the channel module', () => {
    const dir = build(manifest, files);
    expect(pageFiles(dir)).toEqual({
      every: ['content-scripts/youtube.js', 'content-scripts/youtube.css'],
      channel: ['youtube-channel.js'],
      tabs: [],
      frame: [],
    });
    const [page, channel] = contentScriptFigures(dir);
    expect(page?.name).toBe('panel.content_script_kb_gz');
    expect(page?.value).toBe(round(gz(files['content-scripts/youtube.js']) + gz(files['content-scripts/youtube.css'])));
    expect(channel?.name).toBe('channel.content_script_kb_gz');
    expect(channel?.value).toBe(round(gz(files['youtube-channel.js'])));
  });

  it('every page loads the page module the content script imports (all it does), counted with the content script', () => {
    const page = 'export default { start() {} };'.repeat(200);
    const dir = build(
      {
        ...manifest,
        web_accessible_resources: [
          ...manifest.web_accessible_resources,
          { resources: ['youtube-page.js'], matches: YOUTUBE },
        ],
      },
      { ...files, 'youtube-page.js': page },
    );
    expect(pageFiles(dir).every).toEqual([
      'content-scripts/youtube.js',
      'content-scripts/youtube.css',
      'youtube-page.js',
    ]);
    const [figure] = contentScriptFigures(dir);
    expect(figure?.value).toBe(
      round(gz(files['content-scripts/youtube.js']) + gz(files['content-scripts/youtube.css']) + gz(page)),
    );
  });

  it("every page loads its language's catalogue bundle, measured in English", () => {
    const catalogue = '{"panel.load":"Load transcript"}';
    const dir = build(
      {
        ...manifest,
        web_accessible_resources: [
          ...manifest.web_accessible_resources,
          { resources: ['locales/*/content.json'], matches: YOUTUBE },
        ],
      },
      { ...files, 'locales/en/content.json': catalogue },
    );
    expect(pageFiles(dir).every).toContain('locales/en/content.json');
    const [page] = contentScriptFigures(dir);
    expect(page?.value).toBe(
      round(gz(files['content-scripts/youtube.js']) + gz(files['content-scripts/youtube.css']) + gz(catalogue)),
    );
  });

  it("the panel frame: its document and the scripts and stylesheets it names, apart from the page's", () => {
    const html =
      '<script type="module" crossorigin src="/chunks/panel-frame-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/chunks/timecode-2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/panel-frame-3.css">';
    const frameFiles = {
      'panel-frame.html': html,
      'chunks/panel-frame-1.js': 'render(panel);'.repeat(300),
      'chunks/timecode-2.js': 'export const t = 1;'.repeat(100),
      'assets/panel-frame-3.css': '.tl-cue { color: blue }'.repeat(40),
    };
    const dir = build(
      {
        ...manifest,
        web_accessible_resources: [
          ...manifest.web_accessible_resources,
          { resources: ['panel-frame.html'], matches: YOUTUBE },
        ],
      },
      { ...files, ...frameFiles },
    );
    const found = pageFiles(dir);
    expect(found.frame).toEqual([
      'panel-frame.html',
      'chunks/panel-frame-1.js',
      'chunks/timecode-2.js',
      'assets/panel-frame-3.css',
    ]);
    expect(found.every).toEqual(['content-scripts/youtube.js', 'content-scripts/youtube.css']);
    const figures = contentScriptFigures(dir);
    expect(figures[0]?.value).toBe(
      round(gz(files['content-scripts/youtube.js']) + gz(files['content-scripts/youtube.css'])),
    );
    const frame = figures.find((f) => f.name === 'panel.frame_kb_gz');
    expect(frame?.value).toBe(round(Object.values(frameFiles).reduce((total, text) => total + gz(text), 0)));
  });

  it("reads Manifest V2's web_accessible_resources too", () => {
    const dir = build({ ...manifest, web_accessible_resources: ['content-scripts/youtube.css'] }, files);
    expect(pageFiles(dir).every).toContain('content-scripts/youtube.css');
  });

  it('a web-accessible file no page is said to load fails the figure instead of being left out', () => {
    const dir = build(
      { ...manifest, web_accessible_resources: [{ resources: ['youtube-export.js'], matches: YOUTUBE }] },
      { ...files, 'youtube-export.js': 'export default 3;' },
    );
    expect(() => pageFiles(dir)).toThrow(/youtube-export\.js is web-accessible/);
  });

  it('every module the content script loads by its address is one the figures know', () => {
    const lazy = readFileSync(join(ROOT, 'components/youtube/lazy.ts'), 'utf8');
    const loaded = [...lazy.matchAll(/getURL\(\s*'\/([^']+)'\s*\)/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThan(0);
    for (const file of loaded) expect(Object.keys(LAZY_FILES)).toContain(file);
  });
});
