import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import SrtParser from 'srt-parser-2';
import { expect, test } from './fixtures';
import { confirmWindow } from './support/consent';
import { requestsTo } from './support/direct';
import { openLibrary } from './support/library';
import { expectChargedOnce, settledLedger } from './support/money';

const TOKEN = 'demo-starter';
test.use({ token: TOKEN });

const GOOD = ['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1', 'tvaDemo0030', 'tvaDemo0031'];

test('a pasted list in the library: three bad lines named, the rest priced, bought in the window, one ZIP, each charged once', async ({
  configured,
  context,
  extensionId,
}) => {
  const library = await openLibrary(context, extensionId);
  const pasted = [
    'video',
    'https://www.youtube.com/watch?v=tvaHuman001',
    'youtu.be/tvaAutoGen1',
    'not a video at all',
    'tvaSpanish1',
    '',
    'https://vimeo.com/123',
    '"Lecture 30",tvaDemo0030',
    'tvaDemo0031',
    'tvaHuman00',
    'https://youtu.be/tvaHuman001',
  ].join('\n');
  await library.getByRole('textbox', { name: 'Videos to add' }).fill(pasted);
  await library.getByRole('button', { name: 'Read the list' }).click();
  await expect(library.getByText('5 videos read, 1 repeat kept once; 3 lines could not be read:')).toBeVisible();
  await expect(library.getByText('Line 4: “not a video at all” is not a YouTube video link or id.')).toBeVisible();
  await expect(library.getByText('Line 7: “https://vimeo.com/123” is not a YouTube video link or id.')).toBeVisible();
  await expect(library.getByText('Line 10: “tvaHuman00” is not a YouTube video link or id.')).toBeVisible();
  await expect(library.getByRole('searchbox', { name: 'Search these videos' })).toBeVisible();

  await library.getByRole('button', { name: 'Download transcripts' }).click();
  await expect(library.getByText(/^5 videos selected: 5 transcripts to buy for 5 Cloud Requests/)).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);

  const download = library.waitForEvent('download', { timeout: 60_000 });
  const window = await confirmWindow(context, () =>
    library.getByRole('button', { name: 'Buy 5 transcripts and download' }).click(),
  );
  await expect(window.getByRole('heading', { name: 'Buy these transcripts?' })).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toEqual([]);
  await window.getByRole('button', { name: 'Spend' }).click();
  const file = await (await download).path();
  await expect(library.getByText(/^5 done · 0 failed · 0 left · finished/)).toBeVisible();

  const files = unzipSync(new Uint8Array(await readFile(file)));
  const srts = Object.keys(files).filter((n) => n.endsWith('.srt'));
  expect(srts).toHaveLength(GOOD.length);
  for (const name of srts) {
    expect(new SrtParser().fromSrt(strFromU8(files[name] ?? new Uint8Array())).length).toBeGreaterThan(0);
  }
  const rows: string[][] = parse(Buffer.from(files['index.csv'] ?? new Uint8Array()), { bom: true });
  expect(rows.slice(1).map((r) => r[0])).toEqual(GOOD);

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, GOOD, { token: TOKEN });
  expect(ledger.charges.filter((c) => c.token === TOKEN && c.kind === 'cloud')).toHaveLength(GOOD.length);
});
