import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The library page as a person uses it: its search box, its rows, its actions. */
export async function openLibrary(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/library.html`);
  await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
  return page;
}

export const searchBox = (page: Page): Locator => page.getByRole('searchbox', { name: 'Search library' });
export const rows = (page: Page): Locator => page.getByRole('region', { name: 'Videos' }).locator('.video');
export const row = (page: Page, videoId: string): Locator => page.locator(`.video[data-video-id="${videoId}"]`);
export const results = (page: Page): Locator => page.getByRole('region', { name: 'Search results' }).getByRole('link');

/** Clicks and returns what the browser saved. */
export async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const saved = page.waitForEvent('download');
  await click();
  const file = await saved;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** The preview an import shows before writing anything: what the file adds and what it keeps. */
export const importPreview = (page: Page): Locator => page.getByRole('dialog', { name: /^Import “/ });

/** Chooses a file for "Import" (the hidden file input behind the button); returns its preview, nothing written yet. */
export async function chooseImport(page: Page, name: string, buffer: Buffer): Promise<Locator> {
  await page.getByLabel('Library file to import').setInputFiles({ name, mimeType: 'application/json', buffer });
  const preview = importPreview(page);
  await expect(preview).toBeVisible();
  return preview;
}

/** Imports a file as a person does: choose it, read the preview, confirm with its "Import". */
export async function importFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  const preview = await chooseImport(page, name, buffer);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
}
