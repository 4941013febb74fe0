import type { BrowserContext, Page, Worker } from '@playwright/test';
import { z } from 'zod';
import { JournalEntry } from '../../../utils/till/journal';
import { findVideo } from '../../service/catalog';
import { expect } from '../fixtures';
import { spendInWindow } from './consent';
import { panelOf } from './panel';

/** Lists the channel on its page (1 Cloud Request, or free when the listing is held) and waits for the rows. */
export async function listUploads(page: Page): Promise<void> {
  const panel = panelOf(page);
  const list = panel.getByRole('button', { name: 'List uploads' });
  const first = panel.getByRole('checkbox').first();
  await expect(list.or(first)).toBeVisible();
  if (await list.isVisible()) await list.click();
  await expect(first).toBeVisible();
}

/** Ticks these uploads by their titles, as a person does (the titles must be distinct on the channel). */
export async function selectVideos(page: Page, ids: readonly string[]): Promise<void> {
  const panel = panelOf(page);
  for (const id of ids) await panel.getByRole('checkbox', { name: findVideo(id).title, exact: true }).check();
  await expect(panel.getByText(`${ids.length} selected ·`)).toBeVisible();
}

/**
 * The person's consent to a bulk download: the price first, then "Buy" in the panel, which opens the extension's
 * confirmation window, then Spend there. The one place that knows where the confirmation is.
 */
export async function confirmBulk(page: Page): Promise<void> {
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Download transcripts' }).click();
  await spendInWindow(page.context(), () =>
    panel.getByRole('button', { name: /^Buy [\d,]+ transcripts? and download$/ }).click(),
  );
}

/** The extension's service worker running now (a stopped one is replaced when an event wakes the extension). */
export async function liveWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
}

/** The till's journal of every account, read from storage.local by a trusted context (the service worker). */
export async function journalOf(worker: Worker): Promise<JournalEntry[]> {
  const all = await worker.evaluate(() => chrome.storage.local.get(null));
  const lists = Object.entries(all).flatMap(([key, value]) =>
    key.startsWith('journal:') && !key.endsWith('$') ? [value] : [],
  );
  return lists.flatMap((list) => z.array(JournalEntry).parse(list));
}
