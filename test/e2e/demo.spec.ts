import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { routeDemo } from '../demo/pages';
import { SCREENSHOT, STORE_FILES, TILE } from '../demo/store';
import { findVideo } from '../service/catalog';
import { expect, test } from './fixtures';
import { ROOT } from './support/build';

/** Runs `npm run demo` (headless, on any free port, the test build already made) with these arguments. */
async function runDemo(out: string, args: string[] = []): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'test/demo/run.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DEMO_HEADLESS: '1', DEMO_PORT: '0', DEMO_OUTPUT: out, TL_SKIP_BUILD: '1' },
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stdout += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout };
}

/** A PNG's size, from its header: the signature, then the IHDR chunk's width and height. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('npm run demo walks the whole tour headless, saves a screenshot per step and exits 0', async () => {
  test.setTimeout(180_000);
  const out = mkdtempSync(join(tmpdir(), 'tl-demo-'));
  const { code, stdout } = await runDemo(out);
  expect(code, stdout).toBe(0);
  const steps = [
    'transcript',
    'search',
    'download-menu',
    'analysis-cost',
    'analysis-progress',
    'analysis-ready',
    'ask',
    'popup',
    'context-menu-confirmation',
  ];
  for (const [index, step] of steps.entries()) {
    const path = join(out, `${String(index + 1).padStart(2, '0')}-${step}.png`);
    expect(stdout).toContain(path);
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
  }
  // The download step saved a real subtitle file too.
  expect(stdout).toMatch(/Local service: http:\/\/127\.0\.0\.1:\d+/);
});

test('npm run demo -- --store writes the five store screenshots at 1280×800 and the 440×280 tile, light and dark', async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(join(tmpdir(), 'tl-store-'));
  const { code, stdout } = await runDemo(out, ['--store']);
  expect(code, stdout).toBe(0);
  expect(readdirSync(join(out, 'store')).sort()).toEqual([...STORE_FILES].sort());
  for (const name of STORE_FILES) {
    const path = join(out, 'store', name);
    expect(stdout).toContain(path);
    expect(pngSize(path), name).toEqual(name.startsWith('tile-') ? TILE : SCREENSHOT);
  }
  // The dark pictures are not the light ones again.
  for (const name of STORE_FILES.filter((n) => n.endsWith('-dark.png'))) {
    const light = readFileSync(join(out, 'store', name.replace('-dark.png', '-light.png')));
    expect(readFileSync(join(out, 'store', name)).equals(light), name).toBe(false);
  }
});

/** Every request the page made went to the local fixture routes: nothing of YouTube's is drawn. */
function localOnly(page: Page): () => string[] {
  const requested: string[] = [];
  page.on('request', (request) => void requested.push(request.url()));
  return () =>
    requested.filter(
      (url) =>
        !/^https:\/\/www\.youtube\.com\/(watch\?|@tvademo|__demo\/|__fixture\/)/.test(url) &&
        !/^(data|chrome-extension):/.test(url),
    );
}

test.describe('the demo pages look like YouTube at a glance, drawn locally', () => {
  test('the watch page: top bar, player with its controls, title, channel row, description, related videos', async ({
    context,
  }) => {
    await routeDemo(context);
    const page = await context.newPage();
    const elsewhere = localOnly(page);
    await page.setViewportSize(SCREENSHOT);
    await page.goto('https://www.youtube.com/watch?v=tvaHuman001');

    const top = page.locator('#masthead');
    await expect(top.getByRole('link', { name: 'YouTube Home' })).toBeVisible();
    await expect(top.locator('#logo svg')).toBeVisible();
    await expect(top.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(top.getByRole('button', { name: 'Search', exact: true })).toBeVisible();

    const player = page.locator('#movie_player');
    await expect(player.locator('video.html5-main-video')).toHaveCount(1);
    const controls = player.locator('.ytp-chrome-bottom');
    await expect(controls.getByRole('slider', { name: 'Seek slider' })).toBeVisible();
    for (const name of ['Play (k)', 'Mute (m)', 'Subtitles/closed captions (c)', 'Settings', 'Full screen (f)']) {
      await expect(controls.getByRole('button', { name })).toBeVisible();
    }
    await expect(controls.locator('.ytp-time-duration')).toHaveText('10:24');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(findVideo('tvaHuman001').title);
    const owner = page.locator('#owner');
    await expect(owner.locator('.channel-avatar')).toBeVisible();
    await expect(owner.getByRole('link', { name: 'TVA Demo' }).last()).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(page.locator('#description')).toContainText('views');

    const related = page.locator('#related .related-item');
    expect(await related.count()).toBeGreaterThanOrEqual(6);
    for (const item of await related.all()) {
      await expect(item.locator('.thumb .duration')).toHaveText(/^\d+:\d\d(:\d\d)?$/);
      await expect(item.locator('h3')).not.toBeEmpty();
    }
    // The panel found its place in the right column, above the related videos.
    await expect(page.locator('#secondary-inner > transcript-lens-panel')).toHaveCount(1);

    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.ytSetDark(true));
    expect(await background()).toBe('rgb(15, 15, 15)');
    await expect(page.locator('transcript-lens-panel')).toHaveAttribute('data-theme', 'dark');
    expect(elsewhere()).toEqual([]);
  });

  test('the channel page: banner, avatar, name, Subscribe, tabs and a grid of videos; the panel floats', async ({
    context,
  }) => {
    await routeDemo(context);
    const page = await context.newPage();
    const elsewhere = localOnly(page);
    await page.goto('https://www.youtube.com/@tvademo/videos');
    await expect(page.locator('.channel-banner')).toBeVisible();
    await expect(page.locator('.channel-avatar.big')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'TVA Demo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');
    expect(await page.locator('.video-grid .grid-item .thumb').count()).toBeGreaterThanOrEqual(8);
    await expect(page.locator('transcript-lens-panel')).toHaveAttribute('data-placement', 'floating');
    expect(elsewhere()).toEqual([]);
  });
});
