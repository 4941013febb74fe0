import type { BrowserContext, Page, Worker } from '@playwright/test';
import { analyzeOnService } from '../e2e/support/direct';
import { clickMenuItem } from '../e2e/support/extension-pages';
import { actHostile, coverWithPanel, pressEveryTab } from '../e2e/support/hostile';
import { settledLedger } from '../e2e/support/money';
import { openTab, panelOf } from '../e2e/support/panel';
import type { TestService } from '../e2e/support/service';
import { type Figure, figure } from './figures';
import { seed } from './library';
import { autoLoadCaptionless, lyingLength, windowLeftUnspent } from './unconsented-pages';

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

/** What a case of the session did: its span (the service's clock is the same) and what went unlike a refusal. */
type Case = { name: string; from: number; to: number; notes: string[] };

/**
 * spend.unconsented: charges made, read once the service is settled, in a scripted session of things that must
 * not spend with the default settings, on an account with a ready analysis (so Ask is open): synthetic clicks and
 * keys on every control of every tab, requestSubmit(), hash tricks, a pushState loop over 20 uncached videos, an
 * autoplay; a clickjacked real click; the context menu's "Analyze this video" on a link to a long video whose page
 * was never open, and on a video with only a short saved track (each opens the window; nobody presses Spend); a
 * page that reports 200 s for a three-hour video, where a real click in the panel and the menu on the page may
 * only open the window; a page script's clicks, keys and messages aimed at the panel's frame and window; and
 * automatic loading on Pro meeting a captionless video (./unconsented-pages.ts). Goal 0.
 */
export async function spendUnconsented(context: BrowserContext, worker: Worker, service: TestService): Promise<Figure> {
  // Limits off: a count of charges, measured so far without the service's windows (e2e has them on).
  await service.reset({ limits: false });
  await analyzeOnService(service, 'tvaHuman001');
  const before = (await settledLedger(service)).charges.length;
  const cases: Case[] = [];
  const run = async (name: string, act: () => Promise<string[] | undefined>) => {
    const from = Date.now();
    const notes = (await act()) ?? [];
    cases.push({ name, from, to: Date.now(), notes });
  };

  await run('synthetic input, hashes, pushState loop, autoplay', async () => {
    const page: Page = await context.newPage();
    await page.goto('https://www.youtube.com/watch?v=tvaAutoGen1');
    await panelOf(page).getByRole('button', { name: 'Load transcript' }).waitFor();
    await pressEveryTab(page);
    await actHostile(page);
    await page.close();
    return undefined;
  });
  await run('clickjacked real click', () => clickjacked(context, 'clickJack01').then(() => undefined));
  await run('menu on a link to a long video never opened', () =>
    windowLeftUnspent(context, () =>
      clickMenuItem(worker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://youtu.be/tvaLong4h01' }),
    ).then((opened) => (opened ? [] : ['no window opened'])),
  );
  await run('menu on a video with only a short saved track', async () => {
    await saveShortTrack(worker, 'shortTrack1');
    const opened = await windowLeftUnspent(context, () =>
      clickMenuItem(worker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://www.youtube.com/watch?v=shortTrack1' }),
    );
    return opened ? [] : ['no window opened'];
  });
  await run('a page reporting 200 s for a three-hour video: in-page click and menu', () =>
    lyingLength(context, worker),
  );
  await run('automatic loading on Pro, a captionless video in front for 20 s', () =>
    autoLoadCaptionless(context, worker, service).then(() => undefined),
  );

  const charges = (await settledLedger(service)).charges.slice(before);
  for (const c of cases) {
    const within = charges.filter((charge) => charge.at >= c.from && charge.at <= c.to);
    const spent = within.map((charge) => `${charge.kind} ${charge.amount} ${charge.videoId ?? ''}`.trim());
    console.log(`unconsented: ${c.name}: ${within.length} charges ${JSON.stringify(spent)} ${c.notes.join('; ')}`);
  }
  const notes = cases.flatMap((c) => c.notes.map((n) => `${c.name}: ${n}`));
  const result = figure('spend.unconsented', charges.length, 'charges', '0', charges.length === 0);
  return notes.length > 0 ? { ...result, note: notes.join('; ') } : result;
}
