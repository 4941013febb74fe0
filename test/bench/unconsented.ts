import type { BrowserContext, Page, Worker } from '@playwright/test';
import { analyzeOnService } from '../e2e/support/direct';
import { clickMenuItem } from '../e2e/support/extension-pages';
import { actHostile, coverWithPanel, pressEveryTab } from '../e2e/support/hostile';
import { settledLedger } from '../e2e/support/money';
import { openTab, panelOf } from '../e2e/support/panel';
import type { TestService } from '../e2e/support/service';
import { type Figure, figure } from './figures';
import { seed } from './library';

/** The extension's confirmation window, opened by `act`; the person looks at it and closes it without Spend. */
async function windowLeftUnspent(context: BrowserContext, act: () => Promise<unknown>): Promise<void> {
  const opened = context.waitForEvent('page', { timeout: 15_000 });
  await act();
  const window = await opened;
  await window.getByRole('button', { name: 'Spend' }).waitFor();
  await window.waitForTimeout(2_000);
  await window.close();
}

/**
 * Clickjacking: a main-world script makes the panel's column transparent and slides "Analyze video" (deep, above
 * the guard) under a bait button of the page; the person's real clicks on the bait land on the panel's frame,
 * where Chromium gives them to nothing (a transparent frame of another origin gets no input). Were they to
 * reach it, they would only open the window, left without Spend here. (Small spends — one transcript, one
 * question, an analysis within the guard — stay in the page by design, bounded by the guard:
 * docs/spending-and-consent.md, "Big spends are confirmed outside the page".)
 */
async function clickjacked(context: BrowserContext, videoId: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`https://www.youtube.com/watch?v=${videoId}`);
  const panel = panelOf(page);
  await openTab(page, 'Analysis');
  await panel.getByRole('combobox', { name: 'Analysis mode' }).selectOption('deep');
  // The price is in: by a confirmed length, or the page's alone (no transcript here), as an estimate.
  await panel
    .getByText(/^≈ [\d,]+ AI Units (\(.* at 30 per minute\)|by the page’s length)/)
    .waitFor({ timeout: 20_000 });
  const bait = await coverWithPanel(page, panel.getByRole('button', { name: 'Analyze video', exact: true }));
  const opened: Page[] = [];
  const onPage = (window: Page) => opened.push(window);
  context.on('page', onPage);
  await page.mouse.click(bait.x, bait.y);
  await page.mouse.click(bait.x, bait.y);
  await page.waitForTimeout(2_000);
  context.off('page', onPage);
  for (const window of opened) await window.close();
  await page.close();
}

/** A saved track of a few cues for a video whose page was never open: its length is not known. */
async function saveShortTrack(worker: Worker, videoId: string): Promise<void> {
  const segments = [0, 4, 8].map((start) => ({ text: `cue at ${start} seconds`, start, duration: 4 }));
  const text = segments.map((c) => c.text).join(' ');
  const track = { videoId, title: 'Short track', author: 'TVA Demo', language: 'English', languageCode: 'en' };
  await seed(worker, [{ ...track, isGenerated: false, text, segments }]);
}

/**
 * spend.unconsented: charges made, read once the service is settled, in a scripted session of things that must
 * not spend with the default settings, on an account with a ready analysis (so Ask is open): synthetic clicks and
 * keys on every control of every tab, requestSubmit(), hash tricks, a pushState loop over 20 uncached videos, an
 * autoplay; a clickjacked real click; the context menu's "Analyze this video" on a link to a long video whose page
 * was never open, and on a video with only a short saved track (each opens the window; nobody presses Spend).
 * Goal 0.
 */
export async function spendUnconsented(context: BrowserContext, worker: Worker, service: TestService): Promise<Figure> {
  // Limits off: a count of charges, measured so far without the service's windows (e2e has them on).
  await service.reset({ limits: false });
  await analyzeOnService(service, 'tvaHuman001');
  const before = (await service.ledger()).charges.length;
  const page: Page = await context.newPage();
  await page.goto('https://www.youtube.com/watch?v=tvaAutoGen1');
  await panelOf(page).getByRole('button', { name: 'Load transcript' }).waitFor();
  await pressEveryTab(page);
  await actHostile(page);
  await page.close();

  await clickjacked(context, 'clickJack01');
  await windowLeftUnspent(context, () =>
    clickMenuItem(worker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://youtu.be/tvaLong4h01' }),
  );
  await saveShortTrack(worker, 'shortTrack1');
  await windowLeftUnspent(context, () =>
    clickMenuItem(worker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://www.youtube.com/watch?v=shortTrack1' }),
  );

  const charges = (await settledLedger(service)).charges.length - before;
  return figure('spend.unconsented', charges, 'charges', '0', charges === 0);
}
