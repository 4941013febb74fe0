import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

export const panelOf = (page: Page): Locator => page.locator('transcript-lens-panel');

/** Waits for the transcript's cues; returns the first cue button. */
export async function waitForCues(page: Page): Promise<Locator> {
  const first = panelOf(page)
    .getByRole('button', { name: /^0:00\b/ })
    .first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  return first;
}

export async function openTab(page: Page, name: 'Transcript' | 'Analysis' | 'Ask'): Promise<void> {
  await panelOf(page).getByRole('tab', { name }).click();
}

/** Stops every service worker of the browser (the extension's included), as Chrome does after 30 s idle. */
export async function killServiceWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}
