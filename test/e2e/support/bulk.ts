import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { z } from 'zod';
import { JournalEntry } from '../../../utils/till/journal';
import { findVideo } from '../../service/catalog';
import { expect } from '../fixtures';
import { spendInWindow } from './consent';
import { hostOf } from './panel';

/** Lists the channel on its page (1 Cloud Request, or free when the listing is held) and waits for the rows. */
export async function listUploads(page: Page): Promise<void> {
  const panel = hostOf(page);
  const list = panel.getByRole('button', { name: 'List uploads' });
  const first = panel.getByRole('checkbox').first();
  await expect(list.or(first)).toBeVisible();
  if (await list.isVisible()) await list.click();
  await expect(first).toBeVisible();
}

/** Ticks these uploads by their titles, as a person does (the titles must be distinct on the channel). */
export async function selectVideos(page: Page, ids: readonly string[]): Promise<void> {
  const panel = hostOf(page);
  for (const id of ids) await panel.getByRole('checkbox', { name: findVideo(id).title, exact: true }).check();
  await expect(panel.getByText(`${ids.length} selected ·`)).toBeVisible();
}

/**
 * The price of the selection, asked as a person does ("Download transcripts", free): the confirmation that
 * shows it, with its buttons. The one place that knows where the confirmation is (today the panel's fieldset;
 * Spend itself is pressed in the extension's window), with `confirmBulk` below.
 */
export async function priceBulk(page: Page): Promise<Locator> {
  await hostOf(page).getByRole('button', { name: 'Download transcripts' }).click();
  const confirmation = hostOf(page).getByRole('group', { name: 'Confirm the download' });
  await expect(confirmation).toBeVisible();
  return confirmation;
}

/**
 * The person's consent to a bulk download: the price first (`price` reads it), then "Buy", which opens the
 * extension's window, where Spend is pressed (up to 500 Cloud Requests are never bought in the page).
 */
export async function confirmBulk(
  page: Page,
  { price }: { price?: (confirmation: Locator) => Promise<void> } = {},
): Promise<void> {
  const confirmation = await priceBulk(page);
  await price?.(confirmation);
  await spendInWindow(page.context(), () =>
    confirmation.getByRole('button', { name: /^Buy [\d,]+ transcripts? and download$/ }).click(),
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
