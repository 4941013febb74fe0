import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { EXTENSION_DIR, PRODUCTION_DIR } from './support/build';
import { hostOf, panelOf } from './support/panel';

test('the panel appears on a watch page, in the right column, and reaches the background', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  await expect(hostOf(page)).toHaveCount(1);
  await expect(page.locator('#secondary-inner > transcript-lens-panel')).toHaveCount(1);
  const inside = panelOf(page);
  await expect(inside.getByRole('tab', { name: 'Transcript' })).toBeVisible();
  await expect(inside.getByRole('tab', { name: 'Analysis' })).toBeVisible();
  await expect(inside.getByRole('tab', { name: 'Ask' })).toBeVisible();
  await expect(inside.getByTestId('video-id')).toContainText('tvaHuman001');
  await expect(inside.getByText('Connected')).toBeVisible();
});

test('the panel appears on a shorts page as a floating panel', async ({ openVideo }) => {
  const page = await openVideo('tvaSpanish1', '/shorts/tvaSpanish1');
  const host = hostOf(page);
  await expect(host).toHaveCount(1);
  await expect(host).toHaveAttribute('data-placement', 'floating');
  await expect(panelOf(page).getByTestId('video-id')).toContainText('tvaSpanish1');
});

test('in-page navigation from video A to video B shows B', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  await expect(panelOf(page).getByTestId('video-id')).toContainText('tvaHuman001');
  await page.evaluate(() => window.ytNavigate('/watch?v=tvaAutoGen1'));
  await expect(panelOf(page).getByTestId('video-id')).toContainText('tvaAutoGen1');
  await expect(hostOf(page)).toHaveCount(1);
});

test('navigating to the home page removes the panel, and back to a video brings it again', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  await expect(hostOf(page)).toHaveCount(1);
  const navigate = (url: string) => page.evaluate((u) => window.ytNavigate(u), url);
  await navigate('/');
  await expect(hostOf(page)).toHaveCount(0);
  await navigate('/watch?v=tvaSpanish1');
  await expect(panelOf(page).getByTestId('video-id')).toContainText('tvaSpanish1');
});

test('a panel removed by the page comes back', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  await expect(hostOf(page)).toHaveCount(1);
  await page.evaluate(() => document.querySelector('transcript-lens-panel')?.remove());
  await expect(hostOf(page)).toHaveCount(1);
  await expect(panelOf(page).getByRole('tab', { name: 'Transcript' })).toBeVisible();
});

test('the panel follows the dark theme of html[dark]', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  const host = hostOf(page);
  await expect(host).toHaveAttribute('data-theme', 'light');
  // The box in the page, and the panel in its frame.
  const backgrounds = async () => [
    await host.locator('.tl-root').evaluate((el) => getComputedStyle(el).backgroundColor),
    await panelOf(page)
      .locator('.tl-root')
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ];
  await expect(panelOf(page).getByRole('tab', { name: 'Transcript' })).toBeVisible();
  const light = await backgrounds();
  expect(light[1]).toBe(light[0]);
  await page.evaluate(() => window.ytSetDark(true));
  await expect(host).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await backgrounds())[1]).not.toBe(light[1]);
  expect((await backgrounds())[0]).not.toBe(light[0]);
});

test('keys typed inside the panel do not reach the page shortcuts', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  const tab = panelOf(page).getByRole('tab', { name: 'Transcript' });
  await tab.focus();
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowRight');
  await expect(panelOf(page).getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => window.__pageKeydowns)).toBe(0);
  // The page listener does work: a key outside the panel reaches it.
  await page.locator('#title h1').click();
  await page.keyboard.press('k');
  expect(await page.evaluate(() => window.__pageKeydowns)).toBe(1);
});

test('the popup and the options page render', async ({ context, extensionId }) => {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Transcript Lens' })).toBeVisible();
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole('heading', { level: 1 })).toContainText('Transcript Lens');
});

test('the manifests ask for no broad host access; production reaches only the real service', () => {
  const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const production = read(PRODUCTION_DIR);
  for (const manifest of [production, read(EXTENSION_DIR)]) {
    const hosts: string[] = manifest.host_permissions ?? [];
    for (const broad of ['<all_urls>', '*://*/*', 'https://*/*', 'http://*/*']) expect(hosts).not.toContain(broad);
    expect(manifest.content_scripts[0].matches).toEqual(['https://www.youtube.com/*']);
  }
  expect(production.host_permissions).toEqual(['https://www.youtube-transcript.io/*']);
});
