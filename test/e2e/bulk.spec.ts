import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import SrtParser from 'srt-parser-2';
import { expect, test } from './fixtures';
import { requestsTo } from './support/direct';
import { panelOf } from './support/panel';

test.use({ token: 'demo-starter' });

/** Lists the channel (1 Cloud Request) and selects every upload. */
async function listAndSelectAll(page: Page): Promise<void> {
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'List uploads' }).click();
  await expect(panel.getByRole('checkbox').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Select all' }).click();
}

const cloudCharges = async (service: { ledger: () => Promise<{ charges: { kind: string; reason: string }[] }> }) =>
  (await service.ledger()).charges.filter((c) => c.kind === 'cloud');

test('the transcripts of a channel: cost first, consent, progress, one ZIP; the ledger is what was delivered', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('', '/@tvademo');
  const panel = panelOf(page);
  await listAndSelectAll(page);
  await panel.getByRole('button', { name: 'Download transcripts' }).click();
  await expect(
    panel.getByText(/42 videos selected: 42 transcripts to buy for 42 Cloud Requests · [\d,]+ left/),
  ).toBeVisible();
  expect(requestsTo(await configured.ledger(), '/api/transcripts')).toEqual([]);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await panel.getByRole('button', { name: 'Buy 42 transcripts and download' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Bulk transcripts' })).toBeVisible();
  const file = await (await download).path();
  const status = await panel.getByText(/\d+ done · \d+ failed · 0 left · finished/).textContent();
  const [done, failed] = (status?.match(/\d+/g) ?? []).map(Number);
  expect((done ?? 0) + (failed ?? 0)).toBe(42);

  const files = unzipSync(new Uint8Array(await readFile(file)));
  const srts = Object.keys(files).filter((n) => n.endsWith('.srt'));
  expect(srts).toHaveLength(done ?? -1);
  for (const name of srts) {
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2} .+ \[[\w-]{11}\]\.srt$/);
    expect(new SrtParser().fromSrt(strFromU8(files[name] ?? new Uint8Array())).length).toBeGreaterThan(0);
  }
  const rows: string[][] = parse(Buffer.from(files['index.csv'] ?? new Uint8Array()), { bom: true });
  expect(rows).toHaveLength(43);
  expect(rows.filter((r) => r[6] === 'ok')).toHaveLength(done ?? -1);
  // The flaky video failed twice with a retryable error and was delivered on a later pass.
  expect(rows.find((r) => r[0] === 'tvaFlaky001')?.[6]).toBe('ok');
  // The listing, then one charge per delivered transcript.
  expect(await cloudCharges(configured)).toHaveLength(1 + (done ?? 0));
});

test('out of Cloud Requests mid-run: the run stops and says what is left and what it would cost', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('', '/@tvabig');
  const panel = panelOf(page);
  await listAndSelectAll(page);
  await configured.control('accounts', { token: 'demo-starter', cloudRequests: 60 });
  await panel.getByRole('button', { name: 'Download transcripts' }).click();
  await panel.getByRole('button', { name: 'Buy 500 transcripts and download' }).click();
  await expect(
    panel.getByText('You are out of Cloud Requests. 450 videos are left; they would cost 450 Cloud Requests.'),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByText(/^50 done · 0 failed · 450 left/)).toBeVisible();
  expect(await cloudCharges(configured)).toHaveLength(1 + 50);
});

test('Cancel stops the run and keeps what was delivered', async ({ configured, openVideo }) => {
  const page = await openVideo('', '/@tvabig');
  const panel = panelOf(page);
  await listAndSelectAll(page);
  await panel.getByRole('button', { name: 'Download transcripts' }).click();
  // Each batch takes 1.5 s, so the person can cancel while the run goes on.
  await configured.control('faults', { path: '/api/transcripts', delayMs: 1_500, times: 10 });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await panel.getByRole('button', { name: 'Buy 500 transcripts and download' }).click();
  await expect(panel.getByText(/^50 done/)).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByText(/cancelled; what was delivered is kept/)).toBeVisible({ timeout: 30_000 });
  const done = Number((await panel.getByText(/^\d+ done/).textContent())?.match(/^\d+/)?.[0]);
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(500);
  const files = unzipSync(new Uint8Array(await readFile(await (await download).path())));
  expect(Object.keys(files).filter((n) => n.endsWith('.srt'))).toHaveLength(done);
  expect(await cloudCharges(configured)).toHaveLength(1 + done);
});

test('synthetic clicks on "Download transcripts" and its confirmation spend nothing', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('', '/@tvademo');
  await listAndSelectAll(page);
  for (let round = 0; round < 3; round++) {
    await page.evaluate(() => {
      const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
      for (const button of root?.querySelectorAll<HTMLButtonElement>('button') ?? []) {
        if (button.textContent === 'Select none') continue;
        button.click();
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      }
    });
    await page.waitForTimeout(400);
  }
  // Even with the confirmation open (a person's click on the free price), a script's click buys nothing.
  await panelOf(page).getByRole('button', { name: 'Download transcripts' }).click();
  await page.evaluate(() => {
    const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
    for (const button of root?.querySelectorAll<HTMLButtonElement>('button') ?? []) button.click();
  });
  await page.waitForTimeout(1_000);
  const ledger = await configured.ledger();
  expect(requestsTo(ledger, '/api/transcripts')).toEqual([]);
  expect(ledger.charges).toHaveLength(1); // the listing, bought by a person's click
});
