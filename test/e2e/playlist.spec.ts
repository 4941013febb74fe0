import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import SrtParser from 'srt-parser-2';
import { expect, test } from './fixtures';
import { confirmWindow } from './support/consent';
import { requestsTo } from './support/direct';
import { expectChargedOnce, settledLedger } from './support/money';
import { hostOf } from './support/panel';

const TOKEN = 'demo-starter';
test.use({ token: TOKEN });

/** What the page shows at first (hostile rows left out, the repeat once), then two rows it loads on scrolling. */
const SHOWN = ['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1', 'tvaFlaky001'];
const LOADED_LATER = ['tvaDemo0030', 'tvaDemo0031'];
const ALL = [...SHOWN, ...LOADED_LATER];

test('a playlist page: its videos read from the page, price first, consent, one ZIP with every video, each charged once', async ({
  configured,
  openVideo,
  context,
}) => {
  const page = await openVideo('', '/playlist?list=PLtvaCourse01');
  const panel = hostOf(page);
  await expect(panel.getByText(/^4 videos of this playlist loaded by the page\. Scroll the page’s list/)).toBeVisible();
  // Nothing was asked of the service to list them.
  expect((await settledLedger(configured, { path: 'sent' })).requests.filter((r) => r.token === TOKEN)).toEqual([]);

  // The page loads more rows as its list is scrolled: they join the view.
  await page.evaluate((ids) => {
    const contents = document.querySelector('ytd-playlist-video-list-renderer #contents');
    for (const id of ids) {
      const row = document.createElement('ytd-playlist-video-renderer');
      const link = document.createElement('a');
      link.id = 'video-title';
      link.href = `/watch?v=${id}&list=PLtvaCourse01`;
      link.textContent = `Lecture ${id}`;
      row.append(link);
      contents?.append(row);
    }
  }, LOADED_LATER);
  await expect(panel.getByText(/^6 videos of this playlist loaded by the page\./)).toBeVisible();

  await panel.getByRole('button', { name: 'Select all' }).click();
  await panel.getByRole('button', { name: 'Download transcripts' }).click();
  await expect(panel.getByText(/^6 videos selected: 6 transcripts to buy for 6 Cloud Requests/)).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  const window = await confirmWindow(context, () =>
    panel.getByRole('button', { name: 'Buy 6 transcripts and download' }).click(),
  );
  await expect(window.getByRole('heading', { name: 'Buy these transcripts?' })).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);
  await window.getByRole('button', { name: 'Spend' }).click();
  const file = await (await download).path();
  await expect(panel.getByText(/^6 done · 0 failed · 0 left · finished/)).toBeVisible();

  const files = unzipSync(new Uint8Array(await readFile(file)));
  const srts = Object.keys(files).filter((n) => n.endsWith('.srt'));
  expect(srts).toHaveLength(ALL.length);
  for (const id of ALL) {
    const name = srts.find((n) => n.endsWith(`[${id}].srt`));
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2} .+ \[[\w-]{11}\]\.srt$/);
    expect(new SrtParser().fromSrt(strFromU8(files[name ?? ''] ?? new Uint8Array())).length).toBeGreaterThan(0);
  }
  const rows: string[][] = parse(Buffer.from(files['index.csv'] ?? new Uint8Array()), { bom: true });
  expect(rows).toHaveLength(ALL.length + 1);
  expect(
    rows
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual([...ALL].sort());
  expect(rows.filter((r) => r[6] === 'ok')).toHaveLength(ALL.length);
  // Named by the titles the page shows (its whitespace folded).
  expect(rows.find((r) => r[0] === 'tvaAutoGen1')).toContain('Auto captions demo');
  expect(rows.find((r) => r[0] === 'tvaDemo0030')).toContain('Lecture tvaDemo0030');

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, ALL, { token: TOKEN });
  expect(ledger.charges.filter((c) => c.token === TOKEN && c.kind === 'cloud')).toHaveLength(ALL.length);
});
