import type { BrowserContext, Worker } from '@playwright/test';
import { clickMenuItem } from '../e2e/support/extension-pages';
import { pokeFrame } from '../e2e/support/hostile';
import { serveSeekableMedia } from '../e2e/support/media';
import { loadButton, openTab, panelOf } from '../e2e/support/panel';
import { configureExtension, type TestService } from '../e2e/support/service';

/**
 * spend.unconsented's cases of issue 40: a page that lies about the video's length, a page script aiming clicks,
 * keys and messages at the panel's frame and window, and automatic loading on Pro meeting a captionless video.
 */

/**
 * The extension's confirmation window, opened by `act`; the person looks at it and closes it without Spend.
 * Returns false when no window opened: whatever `act` did instead, the ledger counts.
 */
export async function windowLeftUnspent(context: BrowserContext, act: () => Promise<unknown>): Promise<boolean> {
  const opened = context.waitForEvent('page', { timeout: 15_000 }).catch(() => null);
  await act();
  const window = await opened;
  if (!window) return false;
  await window.getByRole('button', { name: 'Spend' }).waitFor();
  await window.waitForTimeout(2_000);
  await window.close();
  return true;
}

/** A three-hour video (540 AI Units in a standard mode) whose page's player reports 3:20 (12 AI Units). */
const LYING = 'tvaLong3h01';

/**
 * The page lies about the length: a real click on "Analyze video" in the panel, then the context menu's "Analyze
 * this video" on that page. Priced by the page alone both would be within the guard; each may only open the
 * window (left without Spend). Meanwhile the page's script pokes the frame and the window, and its pushState
 * keeps the panel on the video.
 */
export async function lyingLength(context: BrowserContext, worker: Worker): Promise<string[]> {
  // Only this id's media is replaced; the fixture routes serve every other one (the route stays for the run).
  await serveSeekableMedia(context, { [LYING]: 200 });
  const page = await context.newPage();
  await page.goto(`https://www.youtube.com/watch?v=${LYING}`);
  const panel = panelOf(page);
  await openTab(page, 'Analysis');
  await panel.getByText(/^≈ 12 AI Units by the page’s length \(3:20\)/).waitFor({ timeout: 20_000 });
  const asked: string[] = [];
  await pokeFrame(page);
  const click = () => panel.getByRole('button', { name: 'Analyze video', exact: true }).click();
  if (!(await windowLeftUnspent(context, click))) asked.push('the in-page click opened no window');
  await pokeFrame(page);
  const menu = () => clickMenuItem(worker, { menuItemId: 'tl-analyze-page' }, page);
  if (!(await windowLeftUnspent(context, menu))) asked.push('the menu opened no window');
  await page.close();
  return asked;
}

/** A captionless video: on Pro the service would transcribe its 5:40 of audio for 18 AI Units. */
const CAPTIONLESS = 'tvaNoCapti1';
/** As long as the e2e test keeps it in front (consent.spec.ts): several times the panel's 3-second dwell. */
const IN_FRONT_MS = 20_000;

/**
 * Automatic loading on, on Pro: a captionless video in the tab in front for 20 s, while the page's script fakes the
 * person's clicks and keys. It must spend nothing (not the audio's AI Units, not the Cloud Request). The settings
 * are put back to the bench's defaults after.
 */
export async function autoLoadCaptionless(
  context: BrowserContext,
  worker: Worker,
  service: TestService,
): Promise<void> {
  await configureExtension(worker, service.url, 'demo-pro', { autoLoadTranscripts: true, autoLoadFloor: 10 });
  const page = await context.newPage();
  await page.goto(`https://www.youtube.com/watch?v=${CAPTIONLESS}`);
  await page.bringToFront();
  const opened = Date.now();
  const panel = panelOf(page);
  await panel.getByText(/^Not loaded by itself: if this video has no captions/).waitFor({ timeout: 20_000 });
  await loadButton(page).waitFor();
  while (Date.now() - opened < IN_FRONT_MS) await pokeFrame(page);
  await page.close();
  await configureExtension(worker, service.url, 'demo-pro');
}
