import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { CHANNELS, uploads } from '../service/channels-data';
import { expect, test } from './fixtures';
import { pendingStatus } from './support/analysis';
import { confirmBulk, listUploads, priceBulk, selectVideos } from './support/bulk';
import { chargesFor, requestsTo } from './support/direct';
import { clickMenuItem, openExtensionPage } from './support/extension-pages';
import { arrivalsTo, expectChargedOnce, expectSpentNothing, settledLedger } from './support/money';
import { hostOf, openTab, panelOf, waitForCues } from './support/panel';
import { buyShortTrack } from './support/short-track';

/**
 * The price the person sees before consenting, against what the service then charged: AI Units named wherever
 * audio transcription may need them, a run bigger than the cache kept whole, a short saved track never pricing
 * a long video, and a top-up reaching the price without the popup.
 */

const TRANSCRIPTS = '/api/transcripts';
/** Catalog uploads of @tvademo with distinct titles; tvaNoCapti1 (5:40) has no captions. */
const WITH_CAPTIONLESS = ['tvaHuman001', 'tvaNoCapti1', 'tvaAutoGen1'];

async function channelWithCaptionless(openVideo: (id: string, path?: string) => Promise<Page>): Promise<Page> {
  const page = await openVideo('', '/@tvademo');
  await listUploads(page);
  await selectVideos(page, WITH_CAPTIONLESS);
  return page;
}

test('captionless videos in a bulk selection on Pro: the price names AI Units first, and the run charges within it', async ({
  configured,
  openVideo,
}) => {
  const page = await channelWithCaptionless(openVideo);
  await confirmBulk(page, {
    price: (confirmation) =>
      expect(confirmation).toContainText(
        '3 transcripts to buy for 3 Cloud Requests, and up to 540 AI Units for videos without captions (transcribed from audio',
      ),
  });
  await expect(hostOf(page).getByText(/^3 done · 0 failed · 0 left · finished/)).toBeVisible();
  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, WITH_CAPTIONLESS);
  // 5:40 transcribed from audio: 6 started minutes at 3 AI Units, within the 540 shown.
  expect(ledger.charges.filter((c) => c.kind === 'ai').map((c) => [c.videoId, c.amount])).toEqual([
    ['tvaNoCapti1', 18],
  ]);
});

test('no AI Units left: the price still names them, and the run stops with an AI Units sentence, charging nothing', async ({
  configured,
  openVideo,
}) => {
  await configured.control('accounts', { token: 'demo-pro', aiUnits: 0 });
  const page = await channelWithCaptionless(openVideo);
  const afterListing = await settledLedger(configured, { path: 'sent' });
  await confirmBulk(page, {
    price: (confirmation) =>
      expect(confirmation).toContainText(
        '3 transcripts to buy for 3 Cloud Requests; videos without captions are transcribed from audio for 3 AI Units per minute, and with no AI Units left the run stops at the first one',
      ),
  });
  const panel = hostOf(page);
  await expect(
    panel.getByText(
      'You are out of AI Units, which transcribing a video without captions from its audio needs. 3 videos are left; add AI Units, then download them again.',
    ),
  ).toBeVisible();
  await expect(panel.getByText(/out of Cloud Requests/)).toHaveCount(0);
  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectSpentNothing(ledger, afterListing);
  // Refused with 402 insufficient_ai_units, and not sent again by the run.
  expect(requestsTo(ledger, TRANSCRIPTS).map((r) => r.status)).toEqual([402]);
});

test.describe('a run larger than the cache', () => {
  const BIG = CHANNELS.find((c) => c.handle === 'tvabig');
  const listed = BIG ? uploads(BIG, 500).map((u) => u.id) : [];

  test('the price says it will not fit; every file is in the ZIP; buying it again right after costs nothing', async ({
    configured,
    context,
    extensionId,
    openVideo,
  }) => {
    test.setTimeout(90_000);
    await setCacheSize(context, extensionId, 5);
    const page = await openVideo('', '/@tvabig');
    await listUploads(page);
    const panel = hostOf(page);
    await panel.getByRole('button', { name: 'Select all' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await confirmBulk(page, {
      price: (confirmation) =>
        expect(confirmation).toContainText(/These transcripts take about \d+ MB and your cache keeps 5 MB\./),
    });
    // About 14 MB of transcripts, pinned until the file is saved: none evicted before it is written.
    const zip = unzipSync(new Uint8Array(await readFile(await (await download).path())));
    expect(Object.keys(zip).filter((n) => n.endsWith('.srt'))).toHaveLength(500);
    const rows: string[][] = parse(Buffer.from(zip['index.csv'] ?? new Uint8Array()), { bom: true });
    expect(rows.slice(1).map((r) => [r[0], r[6]])).toEqual(listed.map((id) => [id, 'ok']));
    await expect(panel.getByText(/^500 done · 0 failed · 0 left · finished/)).toBeVisible();
    const sent = arrivalsTo(await settledLedger(configured, { path: 'bulk' }), TRANSCRIPTS).length;

    const again = await priceBulk(page);
    await expect(again).toContainText('500 videos selected: 0 transcripts to buy for nothing');
    await expect(again).toContainText('500 already saved (free)');
    await expect(again).not.toContainText('your cache keeps');
    const saved = page.waitForEvent('download');
    await again.getByRole('button', { name: 'Save archive' }).click();
    const second = unzipSync(new Uint8Array(await readFile(await (await saved).path())));
    expect(Object.keys(second).filter((n) => n.endsWith('.srt'))).toHaveLength(500);
    // The listing and each transcript once: the second price and its archive sent nothing.
    const ledger = await settledLedger(configured, { path: 'bulk' });
    expectChargedOnce(ledger, listed);
    expect(ledger.charges).toHaveLength(1 + 500);
    expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(sent);
  });
});

/** The options page's cache size, saved as a person does (the background applies it at once). */
async function setCacheSize(context: BrowserContext, extensionId: string, mb: number): Promise<void> {
  const options = await openExtensionPage(context, extensionId, 'options');
  await options.getByLabel('Cache size (MB)').fill(String(mb));
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.locator('#cache-usage')).toHaveText(new RegExp(`of ${mb} MB used`));
  await options.close();
}

test('the context menu on a 4-hour video with only a 12-second saved track asks first; nothing is charged until Spend', async ({
  configured,
  context,
  openVideo,
  serviceWorker,
}) => {
  await buyShortTrack(configured, await openVideo('', '/@tvademo'), 'tvaLong4h01', 12);
  const before = await settledLedger(configured, { path: 'sent' });
  const opened = context.waitForEvent('page');
  await clickMenuItem(serviceWorker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://youtu.be/tvaLong4h01' });
  const confirm = await opened;
  await expect(confirm).toHaveURL(/\/confirm\.html\?request=/);
  // The track's last cue (0:12) does not price the video: its length is not known, so the worst case shows.
  await expect(
    confirm.getByText('3 AI Units per started minute of video (its length is not known yet: up to 720 AI Units)'),
  ).toBeVisible();
  expect(context.pages().filter((p) => p.url().includes('tvaLong4h01'))).toEqual([]);
  expectSpentNothing(await settledLedger(configured, { path: 'sent' }), before);

  await confirm.getByRole('button', { name: 'Spend' }).click();
  await expect(confirm.getByRole('status')).toHaveText(
    'Analysis started. You will get a notification when it is ready.',
  );
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
  expect(chargesFor(ledger, 'tvaLong4h01', 'ai').map((c) => c.amount)).toEqual([720]);
});

/**
 * The person comes back to the tab. Headless Chromium never hides a page (bringToFront fires nothing), so
 * the event a browser fires when a tab comes back into view is dispatched on the tab's documents (the page's and
 * the panel frame's); what the panel then reads, `document.visibilityState`, is the real one ('visible').
 */
async function backToTab(context: BrowserContext, page: Page): Promise<void> {
  const other = await context.newPage();
  await page.bringToFront();
  // The browser tells every document of the tab, the panel's frame among them.
  for (const frame of page.frames()) await frame.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await other.close();
}

/** A balance that cannot cover a price is learned again after this long (SHORT_OF_BALANCE_FRESH_MS). */
const SHORT_OF_BALANCE_RECHECK_MS = 20_000;

test('after a top-up, the price and "Analyze video" show the new balance when the tab comes back, without the popup', async ({
  configured,
  context,
  openVideo,
}) => {
  await configured.control('accounts', { token: 'demo-pro', aiUnits: 10 });
  const page = await openVideo('tvaHuman001');
  // The transcript the person loads vouches for the page's length, so the price is one to spend in the panel.
  await waitForCues(page);
  await openTab(page, 'Analysis');
  const panel = panelOf(page);
  const analyze = panel.getByRole('button', { name: 'Analyze video' });
  await expect(panel.getByText('≈ 33 AI Units (10:24 at 3 per minute) · 10 left')).toBeVisible();
  await expect(panel.getByText('That is more than your 10 AI Units left.')).toBeVisible();
  const learnedAt = Date.now();
  await expect(analyze).toBeDisabled();

  await configured.control('accounts', { token: 'demo-pro', aiTopUp: 500 });
  await page.waitForTimeout(learnedAt + SHORT_OF_BALANCE_RECHECK_MS + 500 - Date.now());
  await backToTab(context, page);
  await expect(panel.getByText('≈ 33 AI Units (10:24 at 3 per minute) · 510 left')).toBeVisible();
  await expect(panel.getByText(/That is more than your/)).toHaveCount(0);
  await expect(analyze).toBeEnabled();

  await analyze.click();
  await expect(pendingStatus(panel)).toBeVisible();
  // The only charges of the test: the transcript, then the analysis at the price shown.
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges.map((c) => [c.kind, c.videoId, c.amount])).toEqual([
    ['cloud', 'tvaHuman001', 1],
    ['ai', 'tvaHuman001', 33],
  ]);
});
