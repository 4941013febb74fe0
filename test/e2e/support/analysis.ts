import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { analyzeOnService } from './direct';
import { openTab, panelOf, waitForCues } from './panel';
import type { TestService } from './service';

export const pendingStatus = (panel: Locator) => panel.getByRole('status').filter({ hasText: /^(Queued|Processing)/ });
export const readyStatus = (panel: Locator) => panel.getByRole('status').filter({ hasText: /^Ready/ });

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
  await panel.getByRole('button', { name: 'Analyze video' }).click();
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
  await panel.getByRole('button', { name: 'Analyze video' }).click();
  await expect(pendingStatus(panel)).toBeVisible();
  return { page, panel };
}
