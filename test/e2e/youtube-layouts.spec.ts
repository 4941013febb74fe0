import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hostOf, openWithCues, panelOf } from './support/panel';

const placement = (page: Page) => hostOf(page).getAttribute('data-placement');
const box = async (page: Page, selector: string) => {
  const rect = await page.locator(selector).first().boundingBox();
  if (!rect) throw new Error(`${selector} is not shown`);
  return rect;
};
const PLAYER = 'ytd-watch-flexy:not([hidden]) #movie_player';

test.describe('late hydration', () => {
  test('a right column built after the content script ran gets the panel, which lands once', async ({ openVideo }) => {
    const page = await openVideo('', '/watch?v=tvaHuman001&tl_hydrate=800');
    await expect(hostOf(page)).toHaveAttribute('data-placement', 'secondary-inner');
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => window.__panelInsertions)).toBe(1);
    await expect(page.locator('#secondary-inner > transcript-lens-panel')).toHaveCount(1);
  });

  test('a column that takes longer: the panel floats meanwhile, then moves in; never two at once', async ({
    openVideo,
  }) => {
    // The column comes when the test builds it, after the panel floats: on any machine's speed.
    const page = await openVideo('', '/watch?v=tvaHuman001&tl_hydrate=manual');
    await expect(hostOf(page)).toHaveAttribute('data-placement', 'floating');
    await page.evaluate(() => window.ytHydrate());
    await expect(hostOf(page)).toHaveAttribute('data-placement', 'secondary-inner');
    await expect(hostOf(page)).toHaveCount(1);
    expect(await page.evaluate(() => window.__panelInsertions)).toBe(2);
  });
});

test('theater mode: the panel stays in the column below the player, and cues still seek', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openWithCues(openVideo, 'tvaHuman001');
  const before = await box(page, PLAYER);
  await page.evaluate(() => window.ytSetTheater(true));
  const player = await box(page, PLAYER);
  expect(player.width).toBeGreaterThan(before.width);
  expect(await placement(page)).toBe('secondary-inner');
  const panel = await box(page, 'transcript-lens-panel');
  expect(panel.y).toBeGreaterThanOrEqual(player.y + player.height);

  await panelOf(page)
    .getByRole('button', { name: /^0:1\d/ })
    .first()
    .click();
  await expect
    .poll(() => page.evaluate((s) => document.querySelector<HTMLVideoElement>(`${s} video`)?.currentTime ?? 0, PLAYER))
    .toBeGreaterThan(9);
});

test('fullscreen: the panel steps aside and comes back after', async ({ openVideo }) => {
  const page = await openVideo('tvaHuman001');
  await expect(hostOf(page)).toBeVisible();
  await page.locator(`${PLAYER} .ytp-fullscreen-button`).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null)).toBe('YTD-APP');
  await expect(hostOf(page)).toBeHidden();
  await page.evaluate(() => document.exitFullscreen());
  await expect(hostOf(page)).toBeVisible();
  expect(await placement(page)).toBe('secondary-inner');
});

test('a narrow window floats the panel below the player (never over its controls); a wide one docks it again', async ({
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'secondary-inner');
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'floating');
  const player = await box(page, PLAYER);
  const panel = await box(page, 'transcript-lens-panel');
  expect(panel.y).toBeGreaterThanOrEqual(player.y + player.height);
  await expect(panelOf(page).getByRole('tab', { name: 'Transcript' })).toBeVisible();

  // Scrolled down, the player goes up and the panel follows it up, still clear of it.
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await box(page, 'transcript-lens-panel')).y).toBeLessThan(panel.y);
  const scrolledPlayer = await box(page, PLAYER);
  expect((await box(page, 'transcript-lens-panel')).y).toBeGreaterThanOrEqual(
    Math.min(scrolledPlayer.y + scrolledPlayer.height, 900),
  );

  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'secondary-inner');
  await expect(hostOf(page)).toHaveCount(1);
});

test('the person moves the panel between the column and floating, and the choice is remembered', async ({
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'secondary-inner');
  await panelOf(page).getByRole('button', { name: 'Float the panel over the page' }).click();
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'floating');
  const player = await box(page, PLAYER);
  const panel = await box(page, 'transcript-lens-panel');
  const overlaps = panel.x < player.x + player.width && panel.y < player.y + player.height;
  expect(overlaps).toBe(false);

  await page.reload();
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'floating');
  await panelOf(page).getByRole('button', { name: 'Put the panel in the right column' }).click();
  await expect(hostOf(page)).toHaveAttribute('data-placement', 'secondary-inner');
  await expect(hostOf(page)).toHaveCount(1);
});
