import { expect, test } from './fixtures';
import { settledLedger } from './support/money';
import { cueInTheTens, openWithCues, panelOf, waitForCues } from './support/panel';

/** The fixture page's videos, in DOM order: [hidden earlier watch layout's, current one's]. */
const times = (page: import('@playwright/test').Page) =>
  page.evaluate(() => [...document.querySelectorAll('video')].map((v) => v.currentTime));

test('after a new watch layout replaces an old one (kept hidden), a cue seeks the visible video only', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  await page.evaluate(() =>
    window.ytNavigate('/watch?v=tvaAutoGen1', {
      freshLayout: true,
    }),
  );
  const panel = panelOf(page);
  await expect(panel.getByTestId('video-id')).toContainText('tvaAutoGen1');
  await waitForCues(page);
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('ytd-watch-flexy').length)).toBe(2);
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLVideoElement>('ytd-watch-flexy:not([hidden]) video')?.duration),
    )
    .toBeGreaterThan(0);
  await panel
    .getByRole('button', { name: /^0:1\d/ })
    .first()
    .click();
  await expect.poll(async () => (await times(page))[1] ?? 0).toBeGreaterThan(9);
  expect((await times(page))[0]).toBe(0);
});

test('while an ad plays, a cue waits for the video and says so, then seeks; no length is read from the ad', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openWithCues(openVideo, 'tvaHuman001');
  const panel = panelOf(page);
  await page.evaluate(() => window.ytSetAd(true));
  const { cue, seconds } = await cueInTheTens(page);
  await cue.click();
  await expect(panel.getByRole('status').filter({ hasText: 'An ad is playing' })).toBeVisible();
  await page.waitForTimeout(600);
  expect((await times(page))[0]).toBeLessThan(1);
  await page.evaluate(() => window.ytSetAd(false));
  await expect.poll(async () => (await times(page))[0] ?? 0).toBeGreaterThanOrEqual(seconds - 0.05);
  await expect(panel.getByRole('status').filter({ hasText: 'An ad is playing' })).toHaveCount(0);
});

test('after a server-stitched ad, cues seek past it and the cue being played is found in the content', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openWithCues(openVideo, 'tvaHuman001');
  const panel = panelOf(page);
  await page.evaluate(() => window.ytStitchAd(15));
  expect((await times(page))[0]).toBeGreaterThanOrEqual(15);

  const { cue, seconds } = await cueInTheTens(page);
  await cue.click();
  await expect.poll(async () => (await times(page))[0] ?? 0).toBeGreaterThanOrEqual(seconds + 15 - 0.05);
  expect((await times(page))[0]).toBeLessThan(seconds + 15 + 1);
  await expect(panel.locator('button.tl-cue[aria-current="true"]')).toHaveAccessibleName(new RegExp(`^0:${seconds} `));
});

test('a live stream says its transcript comes after the stream is processed, and sends nothing', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('liveStream1');
  await page.evaluate(() => window.ytSetLive(true));
  const panel = panelOf(page);
  await expect(panel.getByText(/This is a live stream/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Load transcript' })).toHaveCount(0);
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.requests.filter((r) => r.path === '/api/transcripts')).toEqual([]);
  expect(ledger.charges).toEqual([]);
});

test('the mobile site (m.youtube.com) gets no panel; the desktop site does', async ({ context, openVideo }) => {
  const desktop = await openVideo('tvaHuman001');
  await expect(desktop.locator('transcript-lens-panel')).toHaveCount(1);
  const mobile = await context.newPage();
  await mobile.goto('https://m.youtube.com/watch?v=tvaHuman001');
  await expect(mobile.locator('#movie_player video')).toHaveCount(1);
  // The desktop page showed its panel well within this time.
  await mobile.waitForTimeout(2_000);
  await expect(mobile.locator('transcript-lens-panel')).toHaveCount(0);
});

test('a miniplayer and a hover preview bigger than the player: cues seek the page’s own video, and its length prices', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openWithCues(openVideo, 'tvaHuman001');
  await page.evaluate(() => window.ytSetOtherPlayers(true));
  const at = (selector: string) =>
    page.evaluate((s) => document.querySelector<HTMLVideoElement>(`${s} video`)?.currentTime ?? -1, selector);
  await expect.poll(() => page.evaluate(() => document.querySelector('ytd-miniplayer video')?.clientWidth)).toBe(900);

  await panelOf(page)
    .getByRole('button', { name: /^0:1\d/ })
    .first()
    .click();
  await expect.poll(() => at('ytd-watch-flexy:not([hidden]) #movie_player')).toBeGreaterThan(9);
  expect(await at('ytd-miniplayer')).toBe(0);
  expect(await at('ytd-video-preview')).toBe(0);
  // The 4-hour video in the other players never prices this 10-minute one.
  await panelOf(page).getByRole('tab', { name: 'Analysis' }).click();
  await expect(panelOf(page).getByText(/≈ 33 AI Units \(10:24 at 3 per minute\)/)).toBeVisible();
});
