import type { Page } from '@playwright/test';
import { frameArmed } from '../e2e/support/panel';
import { framePanel } from './panel-frame';

/** Waits for a video's first cue, pressing "Load transcript" first when nothing is saved (as a person would). */
export async function showCues(page: Page, timeout = 30_000): Promise<void> {
  const panel = framePanel(page);
  const first = panel.getByRole('button', { name: /^0:00\b/ }).first();
  const load = panel.getByRole('button', { name: 'Load transcript' });
  await first.or(load).first().waitFor({ timeout });
  if (await load.isVisible()) {
    await frameArmed(page);
    await load.click();
  }
  await first.waitFor({ timeout });
}
