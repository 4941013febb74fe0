import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { confirmWindow } from './support/consent';
import { requestsTo } from './support/direct';
import { openExtensionPage } from './support/extension-pages';
import { importFile, openLibrary, rows } from './support/library';
import { expectChargedOnce, settledLedger } from './support/money';

async function openedFrom(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const page = await opened;
  await page.waitForLoadState('domcontentloaded');
  return page;
}

test('a watchlist’s uploads from the popup: the library page’s bulk view, price first, bought in the window, one ZIP, each charged once', async ({
  configured,
  context,
  extensionId,
}) => {
  const popup = await openExtensionPage(context, extensionId, 'popup');
  await popup.getByRole('button', { name: 'Show watchlists' }).click();
  const demo = popup.locator('.watchlist').nth(0);
  await demo.getByRole('button', { name: /^TVA Demo uploads/ }).click();
  const links = demo.getByRole('link');
  await expect(links).toHaveCount(10);
  const ids = (
    await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('v')))
  ).filter((id): id is string => id !== null);
  expect(ids).toHaveLength(10);

  const library = await openedFrom(context, () =>
    demo.getByRole('button', { name: 'Download or search these 10 uploads' }).click(),
  );
  const view = library.getByRole('region', { name: 'Uploads of the watchlist “TVA Demo uploads”' });
  await expect(view.getByText('10 uploads recorded by the service, all selected.', { exact: false })).toBeVisible();
  await expect(view.getByRole('searchbox', { name: 'Search these videos' })).toBeVisible();
  // Handing the list over and opening the page sent nothing that costs.
  expect((await settledLedger(configured, { path: 'sent' })).charges).toEqual([]);

  await view.getByRole('button', { name: 'Download transcripts' }).click();
  await expect(view.getByText(/^10 videos selected: 10 transcripts to buy for /)).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);

  const download = library.waitForEvent('download', { timeout: 60_000 });
  const window = await confirmWindow(context, () =>
    view.getByRole('button', { name: 'Buy 10 transcripts and download' }).click(),
  );
  await window.getByRole('button', { name: 'Spend' }).click();
  const file = await (await download).path();
  await expect(view.getByText(/^10 done · 0 failed · 0 left · finished/)).toBeVisible();
  const names = Object.keys(unzipSync(new Uint8Array(await readFile(file))));
  for (const id of ids) expect(names.some((n) => n.endsWith(`[${id}].srt`))).toBe(true);

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, ids);

  // Taken once: the library page opened again by itself shows no handed list.
  const again = await context.newPage();
  await again.goto(`chrome-extension://${extensionId}/library.html`);
  await expect(again.getByRole('heading', { name: 'Library' })).toBeVisible();
  await expect(again.getByRole('heading', { name: /^Uploads of the watchlist/ })).toHaveCount(0);
});

/** A library file: two saved transcripts, and a video held only for its analysis (no transcript). */
function seedFile(): Buffer {
  const track = (title: string, text: string) => ({
    languageCode: 'en',
    language: 'English',
    isGenerated: false,
    title,
    author: 'TVA Demo',
    text,
    fetchedAt: 1_700_000_000_000,
    segments: [{ text, start: 12, duration: 4 }],
  });
  const analysis = {
    jobId: 7,
    mode: 'smart',
    partial: false,
    lang: 'en',
    startedAt: 1_700_000_000_000,
    endedAt: 1_700_000_060_000,
    artifact: { summary: 'A summary.' },
  };
  const video = (videoId: string, title: string, text: string | null) => ({
    videoId,
    title,
    channel: 'TVA Demo',
    transcripts: text === null ? [] : [track(title, text)],
    analysis: text === null ? analysis : null,
    answers: [],
  });
  const file = {
    format: 'transcript-lens-library',
    version: 1,
    exportedAt: 'x',
    videos: [
      video('tvaHuman001', 'First', 'alpha latency words'),
      video('tvaSpanish1', 'Third', 'gamma latency words'),
      video('tvaAutoGen1', 'Second', null),
    ],
  };
  return Buffer.from(JSON.stringify(file));
}

test('a library selection: saved transcripts again in another format (free, nothing sent), then searched with the unsaved one on the service, its price first, charged once', async ({
  configured,
  context,
  extensionId,
}) => {
  const library = await openLibrary(context, extensionId);
  await importFile(library, 'seed.json', seedFile());
  await expect(rows(library)).toHaveCount(3);

  await library.getByRole('checkbox', { name: 'Select all shown' }).check();
  await library.getByRole('button', { name: 'Download or search selected' }).click();
  const view = library.getByRole('region', { name: 'Selected videos' });
  await expect(view.getByText(/^3 videos selected; 2 saved transcripts .*, 1 without one/)).toBeVisible();

  // The saved two, as VTT: built from what is held, nothing bought, nothing sent.
  await view.getByRole('checkbox', { name: 'Second' }).uncheck();
  await view.getByRole('button', { name: 'Download transcripts' }).click();
  await expect(
    view.getByText(/^2 videos selected: 0 transcripts to buy for .*; 2 already saved \(free\)/),
  ).toBeVisible();
  await view.getByRole('combobox', { name: 'Format' }).selectOption('vtt');
  const saved = library.waitForEvent('download');
  await view.getByRole('button', { name: 'Save archive' }).click();
  const files = unzipSync(new Uint8Array(await readFile(await (await saved).path())));
  const vtts = Object.keys(files).filter((n) => n.endsWith('.vtt'));
  expect(vtts.map((n) => /\[([\w-]{11})\]\.vtt$/.exec(n)?.[1]).sort()).toEqual(['tvaHuman001', 'tvaSpanish1']);
  for (const name of vtts) {
    const text = strFromU8(files[name] ?? new Uint8Array());
    expect(text.startsWith('WEBVTT')).toBe(true);
    expect(text).toContain('latency words');
  }
  const free = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(free, '/api/transcripts')).toEqual([]);
  expect(free.charges).toEqual([]);

  // Search them, the unsaved one too: the saved ones here for free, the other on the service, priced first.
  await view.getByRole('checkbox', { name: 'Second' }).check();
  await view.getByRole('searchbox', { name: 'Search these videos' }).fill('latency');
  await expect(
    view.getByText(/^\d+ match(es)? in 2 videos, searched in 2 saved transcripts \(free\)\.$/),
  ).toBeVisible();
  await expect(
    view.getByText(/^1 selected video has no saved transcript\. Searching it on the service costs 1 Cloud Request/),
  ).toBeVisible();
  expect((await settledLedger(configured, { path: 'sent' })).charges).toEqual([]);
  const window = await confirmWindow(context, () =>
    view.getByRole('button', { name: 'Search 1 video on the service' }).click(),
  );
  await expect(window.getByRole('heading', { name: 'Search these videos on the service?' })).toBeVisible();
  await window.getByRole('button', { name: 'Spend' }).click();
  await expect(view.getByRole('region', { name: 'Found on the service' }).getByRole('status')).toHaveText(
    /^Searched 1 video on the service for “latency”/,
  );

  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges.map((c) => [c.videoId, c.reason, c.amount])).toEqual([
    ['tvaAutoGen1', 'mcp:search_transcript', 1],
  ]);
  expect(requestsTo(ledger, '/api/transcripts')).toEqual([]);
});
