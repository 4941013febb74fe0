import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import SrtParser from 'srt-parser-2';
import { expect, test } from './fixtures';
import { EXTENSION_DIR } from './support/build';
import { confirmWindow } from './support/consent';
import { requestsTo } from './support/direct';
import { expectChargedOnce, settledLedger } from './support/money';
import { pageFiles } from './support/page-files';
import { hostOf, loadButton, panelOf, waitForCues } from './support/panel';

const TOKEN = 'demo-starter';
test.use({ token: TOKEN });

/** The playlist panel beside the player (test/fixtures/watch-playlist.html): hostile rows left out, the repeat once. */
const SHOWN = ['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1'];

test('a watch page with list=: the video’s panel as ever, and beside it the playlist’s videos, priced, consented, one ZIP, each charged once', async ({
  configured,
  openVideo,
  context,
}) => {
  const files = pageFiles(EXTENSION_DIR);
  // A watch page loads the content script's files and its panel frame's.
  const onWatchPages = [...files.every, ...files.frame];
  const loaded: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'chrome-extension:') loaded.push(url.pathname.slice(1));
  });
  const page = await openVideo('', '/watch?v=tvaHuman001&list=PLtvaCourse01&index=1');
  const host = hostOf(page);
  // The watch page's own panel keeps working: the video's transcript is offered as on any watch page.
  await expect(loadButton(page)).toBeVisible({ timeout: 15_000 });
  // The list view is in the channel module, loaded only when the fold is opened.
  expect(loaded.filter((file) => !onWatchPages.includes(file))).toEqual([]);

  const fold = host.locator('details.tl-watch-list');
  await fold.getByText('This playlist’s videos').click();
  await expect(fold.locator('.tl-channel')).toHaveCSS('display', 'flex');
  expect(new Set(loaded.filter((file) => !onWatchPages.includes(file)))).toEqual(new Set(files.channel));
  await expect(fold.getByText(/^3 videos of this playlist loaded by the page\. Scroll the page’s list/)).toBeVisible();
  // Nothing was bought to list them (the video's panel asks its free questions, as on any watch page).
  const listed = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(listed, '/api/transcripts')).toEqual([]);
  expect(listed.charges.filter((c) => c.token === TOKEN)).toEqual([]);

  // The page's panel loads more rows as it is scrolled: they join the view.
  await page.evaluate(() => {
    const items = document.querySelector('ytd-playlist-panel-renderer #items');
    const row = document.createElement('ytd-playlist-panel-video-renderer');
    const link = document.createElement('a');
    link.id = 'wc-endpoint';
    link.href = '/watch?v=tvaFlaky001&list=PLtvaCourse01&index=5';
    const title = document.createElement('span');
    title.id = 'video-title';
    title.textContent = 'Flaky video';
    link.append(title);
    row.append(link);
    items?.append(row);
  });
  await expect(fold.getByText(/^4 videos of this playlist loaded by the page\./)).toBeVisible();
  const all = [...SHOWN, 'tvaFlaky001'];

  await fold.getByRole('button', { name: 'Select all' }).click();
  await fold.getByRole('button', { name: 'Download transcripts' }).click();
  await expect(fold.getByText(/^4 videos selected: 4 transcripts to buy for 4 Cloud Requests/)).toBeVisible();
  await expect(fold.getByRole('searchbox', { name: 'Search these videos' })).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  const consentWindow = await confirmWindow(context, () =>
    fold.getByRole('button', { name: 'Buy 4 transcripts and download' }).click(),
  );
  await expect(consentWindow.getByRole('heading', { name: 'Buy these transcripts?' })).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);
  await consentWindow.getByRole('button', { name: 'Spend' }).click();
  const file = await (await download).path();
  await expect(fold.getByText(/^4 done · 0 failed · 0 left · finished/)).toBeVisible();

  const zip = unzipSync(new Uint8Array(await readFile(file)));
  const srts = Object.keys(zip).filter((n) => n.endsWith('.srt'));
  expect(srts).toHaveLength(all.length);
  for (const id of all) {
    const name = srts.find((n) => n.endsWith(`[${id}].srt`)) ?? '';
    expect(new SrtParser().fromSrt(strFromU8(zip[name] ?? new Uint8Array())).length).toBeGreaterThan(0);
  }
  const rows: string[][] = parse(Buffer.from(zip['index.csv'] ?? new Uint8Array()), { bom: true });
  expect(
    rows
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual([...all].sort());
  // Named by the titles the panel shows (its whitespace folded).
  expect(rows.find((r) => r[0] === 'tvaAutoGen1')).toContain('Auto captions demo');

  // The video's panel still works after the run, and the playing video's transcript, bought by the run, is not
  // bought again by it (expectChargedOnce below).
  await expect(await waitForCues(page)).toBeVisible();

  // The playlist plays on (in-page navigation to its next video): the fold and its run stay, and the new video's
  // panel shows its transcript, bought by the run, without buying it again.
  await page.evaluate(() => window.ytNavigate('/watch?v=tvaAutoGen1&list=PLtvaCourse01&index=2'));
  await expect(fold.getByText(/^4 done · 0 failed · 0 left · finished/)).toBeVisible();
  await expect(
    panelOf(page)
      .getByRole('button', { name: /^0:00\b/ })
      .first(),
  ).toBeVisible({ timeout: 15_000 });

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, all, { token: TOKEN });
  expect(ledger.charges.filter((c) => c.token === TOKEN && c.kind === 'cloud')).toHaveLength(all.length);
});
