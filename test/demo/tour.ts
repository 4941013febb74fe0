import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { clickMenuItem } from '../e2e/support/extension-pages';
import { frameArmed } from '../e2e/support/panel';

export type Shot = { step: string; path: string };

/**
 * The headless tour of `npm run demo`: each step does what a newcomer would and saves a screenshot.
 * Steps use the accessible names of DESIGN.md, like the e2e tests.
 */
export async function runTour(
  context: BrowserContext,
  worker: Worker,
  extensionId: string,
  outDir: string,
): Promise<Shot[]> {
  mkdirSync(outDir, { recursive: true });
  const shots: Shot[] = [];
  const shoot = async (page: Page, step: string) => {
    const path = join(outDir, `${String(shots.length + 1).padStart(2, '0')}-${step}.png`);
    await page.screenshot({ path });
    shots.push({ step, path });
  };

  const page = await context.newPage();
  await page.goto('https://www.youtube.com/watch?v=tvaHuman001');
  // The watch page's panel is in a frame of the extension's.
  const panel = page.locator('transcript-lens-panel iframe.tl-frame').contentFrame().locator('body');
  // Nothing is bought on arrival: the person loads the transcript, its cost in view.
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Load transcript' }).click({ timeout: 20_000 });
  await panel
    .getByRole('button', { name: /^0:00\b/ })
    .first()
    .waitFor({ timeout: 20_000 });
  await shoot(page, 'transcript');

  await panel.getByRole('searchbox', { name: 'Search transcript' }).fill('latency');
  await page.waitForTimeout(300);
  await shoot(page, 'search');

  await panel.getByRole('button', { name: 'Download' }).click();
  await shoot(page, 'download-menu');
  const download = page.waitForEvent('download');
  await panel.getByRole('menuitem', { name: 'SRT' }).click();
  const file = await download;
  await file.saveAs(join(outDir, file.suggestedFilename()));

  await panel.getByRole('tab', { name: 'Analysis' }).click();
  await panel.getByText(/≈ [\d,]+ AI Units/).waitFor();
  await shoot(page, 'analysis-cost');
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Analyze video' }).click();
  await panel
    .getByRole('status')
    .filter({ hasText: /Queued|Processing/ })
    .first()
    .waitFor();
  await shoot(page, 'analysis-progress');
  await panel.getByRole('heading', { name: 'Summary' }).waitFor({ timeout: 60_000 });
  await shoot(page, 'analysis-ready');

  await panel.getByRole('tab', { name: 'Ask' }).click();
  await panel.getByRole('textbox', { name: 'Question' }).fill('What is said about latency?');
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Ask' }).click();
  await panel
    .getByText(/verified by the service|insufficient/i)
    .first()
    .waitFor({ timeout: 20_000 });
  await shoot(page, 'ask');

  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByText('AI Units').first().waitFor();
  await popup.waitForTimeout(500);
  await shoot(popup, 'popup');

  const confirmOpened = context.waitForEvent('page');
  // A long video costs more than the spending guard, so the menu asks first.
  await clickMenuItem(worker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://youtu.be/tvaLong4h01' });
  const confirm = await confirmOpened;
  await confirm.getByRole('heading', { name: 'Analyze this video?' }).waitFor();
  await confirm.waitForTimeout(300);
  await shoot(confirm, 'context-menu-confirmation');
  return shots;
}
