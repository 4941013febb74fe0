import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { analyzeOnService } from './direct';
import { openTab, panelOf, waitForCues } from './panel';
import type { TestService } from './service';

export const pendingStatus = (panel: Locator) => panel.getByRole('status').filter({ hasText: /^(Queued|Processing)/ });
export const readyStatus = (panel: Locator) => panel.getByRole('status').filter({ hasText: /^Ready/ });

/** The Analysis tab's cost line once the video's length priced it: "≈ 33 AI Units (10:24 at 3 per minute) · …". */
export const lengthPrice = (panel: Locator) => panel.getByText(/^≈ [\d,]+ AI Units \(\d+:\d\d at \d+ per minute\)/);

/**
 * Presses "Analyze video" once the price a person reads before pressing is on screen: the one by the video's
 * length. Until the player knows the length the line may say it is not known yet (a worst case the extension's
 * window confirms); a press then asks for that other purchase, and a press while the price is asked again waits
 * for it and says so if it changed (components/analysis/useStartAnalysis.ts).
 */
export async function pressAnalyze(panel: Locator): Promise<void> {
  await expect(lengthPrice(panel)).toBeVisible();
  await panel.getByRole('button', { name: 'Analyze video' }).click();
}

/**
 * Opens a video whose analysis the account already finished (done directly on the service), and lets the
 * panel pick it up the way a person would: Analysis tab, "Analyze video", which the service answers with the
 * ready job at once. Saves waiting for the extension's 10-second poll in tests about what comes after.
 */
export async function openAnalyzed(
  service: TestService,
  openVideo: (id: string) => Promise<Page>,
  videoId: string,
): Promise<{ page: Page; panel: Locator }> {
  await analyzeOnService(service, videoId);
  const page = await openVideo(videoId);
  const panel = panelOf(page);
  await waitForCues(page);
  await openTab(page, 'Analysis');
  await pressAnalyze(panel);
  await expect(readyStatus(panel)).toBeVisible();
  return { page, panel };
}

/** Opens a video, loads its transcript, and starts its analysis from the panel as a person does (below the guard). */
export async function startFromPanel(
  openVideo: (id: string) => Promise<Page>,
  videoId: string,
): Promise<{ page: Page; panel: Locator }> {
  const page = await openVideo(videoId);
  const panel = panelOf(page);
  await waitForCues(page);
  await openTab(page, 'Analysis');
  await pressAnalyze(panel);
  await expect(pendingStatus(panel)).toBeVisible();
  return { page, panel };
}
