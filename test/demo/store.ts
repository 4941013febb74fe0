import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { ROOT } from '../e2e/support/build';
import { frameArmed } from '../e2e/support/panel';

/**
 * `npm run demo -- --store`: the listing's pictures, made from the product on the demo pages (test/demo/page/).
 * Five 1280×800 screenshots and the 440×280 promotional tile, each light and dark, in `<out>/store/`.
 * docs/store/listing.md lists them; test/e2e/demo.spec.ts checks their names and sizes.
 */
export const SCREENSHOT = { width: 1280, height: 800 } as const;
export const TILE = { width: 440, height: 280 } as const;
export const STORE_SHOTS = ['1-transcript', '2-analysis', '3-ask', '4-channel', '5-library'] as const;
export const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Every file the store mode writes, in the order it writes them. */
export const STORE_FILES: string[] = [
  ...STORE_SHOTS.flatMap((shot) => THEMES.map((theme) => `${shot}-${theme}.png`)),
  ...THEMES.map((theme) => `tile-${theme}.png`),
];

const VIDEO = 'tvaHuman001';
/** The watch page's panel, in its frame; a channel page's view is in the panel's host in the page. */
const panelOf = (page: Page) => page.locator('transcript-lens-panel iframe.tl-frame').contentFrame().locator('body');
const hostOf = (page: Page) => page.locator('transcript-lens-panel');

/** YouTube's theme is `html[dark]` (the panel follows it); the extension's pages follow the color scheme. */
async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => {
    if (dark) document.documentElement.setAttribute('dark', '');
    else document.documentElement.removeAttribute('dark');
  }, theme === 'dark');
  // The panel's frame hears of it from the content script.
  const frame = page.frames().find((f) => f.url().includes('/panel-frame.html'));
  await frame?.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
  // Two frames: the theme's styles are applied and painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function runStore(context: BrowserContext, extensionId: string, outDir: string): Promise<string[]> {
  const dir = join(outDir, 'store');
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const shoot = async (page: Page, name: string) => {
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const path = join(dir, `${name}-${theme}.png`);
      await page.screenshot({ path });
      written.push(path);
    }
    await setTheme(page, 'light');
  };

  const page = await context.newPage();
  await page.setViewportSize(SCREENSHOT);
  await page.goto(`https://www.youtube.com/watch?v=${VIDEO}`);
  const panel = panelOf(page);

  // 1. The transcript, following the video a few minutes in.
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Load transcript' }).click({ timeout: 20_000 });
  await panel
    .getByRole('button', { name: /^0:00\b/ })
    .first()
    .waitFor({ timeout: 20_000 });
  await page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('#movie_player video');
    if (!video) return;
    video.currentTime = 163;
    await video.play().catch(() => {});
  });
  await page.waitForTimeout(1_500);
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('#movie_player video')?.pause());
  await page.waitForTimeout(500);
  await shoot(page, '1-transcript');

  // 2. The analysis, started with consent and followed until it is ready.
  await panel.getByRole('tab', { name: 'Analysis' }).click();
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Analyze video' }).click();
  await panel.getByRole('heading', { name: 'Summary' }).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300);
  await shoot(page, '2-analysis');

  // 3. A question answered with citations.
  await panel.getByRole('tab', { name: 'Ask' }).click();
  await panel.getByRole('textbox', { name: 'Question' }).fill('What is said about latency?');
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Ask' }).click();
  await panel
    .getByText(/verified by the service/i)
    .first()
    .waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  await shoot(page, '3-ask');

  // 4. A channel's transcripts, bought in the extension's window and downloaded as one archive.
  await page.goto('https://www.youtube.com/@tvademo/videos');
  const channel = hostOf(page);
  await channel.getByRole('button', { name: 'List uploads' }).click({ timeout: 20_000 });
  await channel.getByRole('checkbox').first().waitFor();
  await channel.getByRole('button', { name: 'Select all' }).click();
  await channel.getByRole('button', { name: 'Download transcripts' }).click();
  const confirmation = channel.getByRole('group', { name: 'Confirm the download' });
  const opened = context.waitForEvent('page');
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await confirmation.getByRole('button', { name: /^Buy [\d,]+ transcripts? and download$/ }).click();
  const window = await opened;
  await window.getByRole('button', { name: 'Spend' }).click();
  await (await download).delete();
  await channel.getByText(/\d+ done · \d+ failed · 0 left · finished/).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(300);
  await shoot(page, '4-channel');

  // 5. The library, searched: everything above is held in the browser, and searching it is free.
  const library = await context.newPage();
  await library.setViewportSize(SCREENSHOT);
  await library.goto(`chrome-extension://${extensionId}/library.html`);
  await library.getByRole('searchbox', { name: 'Search library' }).fill('latency');
  await library.getByRole('region', { name: 'Search results' }).waitFor();
  await library.waitForTimeout(500);
  await shoot(library, '5-library');

  // The promotional tile: drawn here, from the extension's icon.
  const tile = await context.newPage();
  await tile.setViewportSize(TILE);
  await tile.setContent(tileHtml());
  await shoot(tile, 'tile');
  return written;
}

/** The 440×280 tile: the icon, the name and the promise, light by default and dark under `prefers-color-scheme`. */
export function tileHtml(): string {
  const icon = readFileSync(join(ROOT, 'public', 'icon', '128.png')).toString('base64');
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
  :root { --bg: #ffffff; --fg: #0f0f0f; --muted: #5f6368; --card: #f1f3f4; --line: #dadce0; --accent: #1a73e8; }
  @media (prefers-color-scheme: dark) {
    :root { --bg: #0f0f0f; --fg: #f1f1f1; --muted: #aaaaaa; --card: #202124; --line: #3c4043; --accent: #8ab4f8; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; width: 440px; height: 280px; overflow: hidden; background: var(--bg); color: var(--fg);
    font-family: Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif; }
  .tile { position: relative; height: 100%; padding: 28px 28px 0; }
  .brand { display: flex; align-items: center; gap: 14px; }
  .brand img { width: 64px; height: 64px; border-radius: 14px; }
  h1 { margin: 0; font-size: 30px; line-height: 1.1; }
  p { margin: 6px 0 0; color: var(--muted); font-size: 15px; line-height: 1.35; }
  .panel { position: absolute; left: 28px; right: 28px; bottom: -12px; height: 112px; border: 1px solid var(--line);
    border-radius: 12px; background: var(--card); padding: 12px 14px; }
  .tabs { display: flex; gap: 16px; font-size: 12px; font-weight: 600; color: var(--muted); margin-bottom: 8px; }
  .tabs b { color: var(--accent); border-bottom: 2px solid var(--accent); padding-bottom: 3px; }
  .cue { display: flex; gap: 10px; font-size: 12.5px; line-height: 22px; }
  .cue span { color: var(--accent); font-variant-numeric: tabular-nums; width: 34px; }
  .cue.now { background: color-mix(in srgb, var(--accent) 16%, transparent); border-radius: 6px; margin: 0 -6px; padding: 0 6px; }
</style></head><body><div class="tile">
  <div class="brand"><img alt="" src="data:image/png;base64,${icon}"><div>
    <h1>Transcript Lens</h1><p>Transcripts, AI analysis and cited answers for YouTube videos</p></div></div>
  <div class="panel" aria-hidden="true">
    <div class="tabs"><b>Transcript</b><span>Analysis</span><span>Ask</span></div>
    <div class="cue"><span>2:38</span>Every request pays for the distance it travels.</div>
    <div class="cue now"><span>2:43</span>That is why latency shapes the design.</div>
  </div>
</div></body></html>`;
}
