import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAnalyzed, readyStatus, startFromPanel } from './support/analysis';
import { ROOT } from './support/build';
import { requestsTo } from './support/direct';
import { accountOnService, openExtensionPage } from './support/extension-pages';
import { download } from './support/library';
import { settledLedger } from './support/money';
import { loadTranscript, openTab, panelOf, waitForCues } from './support/panel';
import type { TestService } from './support/service';
import { purchaseRows, readSpendingCsv, spendingReady } from './support/spending';

const HUMAN = 'tvaHuman001';
const SPANISH = 'tvaSpanish1';
const DISABLED = 'tvaDisable1';
const LOST = 'tvaAutoGen1';

/**
 * Purchases made through the real panel: a transcript, its analysis and a question, another transcript, a failed
 * lookup (free), and one whose 200 answer arrives unreadable (the service's ledger charges nothing for it here,
 * but the extension cannot know that: the journal says it may have been charged).
 */
async function session(configured: TestService, openVideo: (id: string) => Promise<Page>): Promise<void> {
  const { page: human, panel } = await startFromPanel(openVideo, HUMAN);
  await expect(readyStatus(panel)).toBeVisible({ timeout: 30_000 });
  await openTab(human, 'Ask');
  await panel.getByRole('textbox', { name: 'Question' }).fill('What is said about latency?');
  await panel.getByRole('button', { name: 'Ask' }).click();
  await expect(panel.getByText('verified by the service').first()).toBeVisible({ timeout: 20_000 });
  await human.close();
  const spanish = await openVideo(SPANISH);
  await waitForCues(spanish);
  await spanish.close();
  const disabled = await openVideo(DISABLED);
  await loadTranscript(disabled);
  await expect(panelOf(disabled).getByText('Failed lookups are free: nothing was charged.')).toBeVisible();
  await disabled.close();

  await configured.control('faults', { path: '/api/transcripts', status: 200, body: 'malformed', times: 1 });
  const lost = await openVideo(LOST);
  await loadTranscript(lost);
  await expect(panelOf(lost).getByRole('alert')).toContainText('may have');
  await lost.close();
}

test('after a session of purchases, the spending page shows a row per purchase and its CSV matches the service ledger', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  // A whole session (an analysis, a question, four videos) then the page: 57 s of the default 60 under the load script.
  test.setTimeout(120_000);
  await session(configured, openVideo);

  // The popup says one purchase may have been charged, and that line opens the history.
  const popup = await openExtensionPage(context, extensionId, 'popup');
  const line = popup.getByRole('button', { name: '1 purchase may have been charged' });
  const opened = context.waitForEvent('page');
  await line.click();
  const page = await opened;
  await expect(page).toHaveURL(`chrome-extension://${extensionId}/spending.html`);
  await spendingReady(page);

  const rows = purchaseRows(page);
  await expect(rows).toHaveCount(6);
  // Newest first.
  await expect(rows.nth(0)).toHaveAttribute('data-outcome', 'unknown');
  await expect(rows.nth(0)).toContainText('May have been charged');
  await expect(rows.nth(0)).toContainText(LOST);
  await expect(rows.nth(0)).toContainText('Trying again costs 1 Cloud Request');
  await expect(rows.nth(1)).toHaveAttribute('data-outcome', 'refused');
  await expect(rows.nth(1)).toContainText('Not charged');
  await expect(rows.nth(2)).toHaveAttribute('data-outcome', 'delivered');
  await expect(rows.nth(2)).toContainText(`Cocina mediterránea en casa (${SPANISH})`);
  await expect(rows.nth(3)).toContainText('Charged 1 AI Unit');
  await expect(rows.nth(4)).toContainText('Charged 33 AI Units');
  await expect(rows.nth(5)).toContainText(`Distributed Systems: An Introduction (${HUMAN})`);
  await expect(rows.nth(5)).toContainText('Charged 1 Cloud Request');
  for (const i of [0, 1, 2, 3, 4, 5]) await expect(rows.nth(i)).toContainText('Panel');
  // The two transcripts delivered are what the Cloud Request balance fell by.
  await expect(page.locator('[data-currency="cloudRequests"]')).toHaveText(
    'Cloud Requests: the balance the service reported fell by 2, as the journal expects.',
  );

  const file = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(file.name).toMatch(/^transcript-lens-spending-\d{4}-\d\d-\d\d\.csv$/);
  const { rows: csv } = readSpendingCsv(file.bytes);
  expect(csv.map((r) => [r.kind, r.path, r.videos, r.outcome])).toEqual([
    ['transcript', 'panel', LOST, 'unknown'],
    ['transcript', 'panel', DISABLED, 'refused'],
    ['transcript', 'panel', SPANISH, 'delivered'],
    ['ask', 'panel', HUMAN, 'delivered'],
    ['analysis', 'panel', HUMAN, 'delivered'],
    ['transcript', 'panel', HUMAN, 'delivered'],
  ]);

  // What the service charged the account, and only that, is what the delivered rows say they were charged.
  const charges = (await settledLedger(configured, { path: 'sent' })).charges.filter((c) => c.token === 'demo-pro');
  const delivered = csv.filter((r) => r.outcome === 'delivered');
  expect(charges.filter((c) => c.kind === 'cloud').map((c) => c.videoId)).toEqual(
    delivered
      .filter((r) => r.kind === 'transcript')
      .map((r) => r.delivered)
      .reverse(),
  );
  // 33 AI Units for the 10:24 analysis and 1 for the question: as the service charged them.
  expect(charges.filter((c) => c.kind === 'ai').map((c) => c.amount)).toEqual([33, 1]);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  expect(sum(delivered.map((r) => Number(r.chargedCloudRequests)))).toBe(
    sum(charges.filter((c) => c.kind === 'cloud').map((c) => c.amount)),
  );
  expect(sum(delivered.map((r) => Number(r.chargedAiUnits)))).toBe(
    sum(charges.filter((c) => c.kind === 'ai').map((c) => c.amount)),
  );
  // The refused lookup cost nothing; the unreadable answer may have cost its price (here the service took none).
  expect(csv[1]).toMatchObject({ chargedCloudRequests: '0', chargedAiUnits: '0' });
  expect(csv[0]).toMatchObject({
    chargedCloudRequests: '',
    mayHaveChargedCloudRequests: '1',
    priceCloudRequests: '1',
  });
  // Summing every row's charged columns, as a spreadsheet would, gives the ledger: nothing possible is counted.
  expect(sum(csv.map((r) => Number(r.chargedCloudRequests || 0)))).toBe(
    sum(charges.filter((c) => c.kind === 'cloud').map((c) => c.amount)),
  );
  expect(charges.some((c) => c.videoId === LOST || c.videoId === DISABLED)).toBe(false);
  // The last balance the service reported is the account's.
  const account = await accountOnService(configured, 'demo-pro');
  expect(Number(csv[1]?.cloudRequestsAfter)).toBe(account.cloudRequests);
  expect(Number(csv[5]?.cloudRequestsBefore) - Number(csv[1]?.cloudRequestsAfter)).toBe(2);

  // Readable in the light and the dark theme (an unknown row stands out in both).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const audit = await new AxeBuilder({ page }).analyze();
    const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, colorScheme).toEqual([]);
    mkdirSync(join(ROOT, 'demo-output'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'demo-output', `spending-${colorScheme}.png`), fullPage: true });
  }
});

test('an analysis the service answers ready at once (analyzed before) shows 0 charged on the page and in its CSV, with no reconciliation difference', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  // The account's assistant analyzed the video; the panel's "Analyze video" is then answered 200 ready, uncharged.
  const { page: watch } = await openAnalyzed(configured, openVideo, HUMAN);
  await watch.close();
  const ledger = await settledLedger(configured, { path: 'sent' });
  const starts = requestsTo(ledger, '/api/watch', 'POST').filter((r) => !r.direct);
  expect(starts.map((r) => r.status)).toEqual([200]);
  // The assistant's start is the only AI charge of the account.
  const ai = ledger.charges.filter((c) => c.token === 'demo-pro' && c.kind === 'ai');
  expect(ai.map((c) => c.amount)).toEqual([33]);

  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/spending.html`);
  await spendingReady(page);
  const analysis = purchaseRows(page).filter({ hasText: 'Analysis' });
  await expect(analysis).toHaveCount(1);
  await expect(analysis).toHaveAttribute('data-outcome', 'delivered');
  // Priced at 33 (the panel did not know the account had it), charged nothing.
  await expect(analysis).toContainText('33 AI Units');
  await expect(analysis).toContainText('Charged nothing');
  await expect(analysis).not.toContainText('Charged 33');
  const aiLine = page.locator('[data-currency="aiUnits"]');
  await expect(aiLine).not.toHaveClass(/differs/);
  await expect(aiLine).toContainText('as the journal expects');

  const file = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const { rows: csv } = readSpendingCsv(file.bytes);
  const booked = csv.filter((r) => r.kind === 'analysis');
  expect(booked).toEqual([expect.objectContaining({ outcome: 'delivered', videos: HUMAN, chargedAiUnits: '0' })]);
  // What the extension booked is what the service charged it: nothing beyond the assistant's analysis.
  const bookedAi = csv.reduce((sum, r) => sum + Number(r.chargedAiUnits || 0), 0);
  const after = (await settledLedger(configured, { path: 'sent' })).charges.filter(
    (c) => c.token === 'demo-pro' && c.kind === 'ai',
  );
  expect(after.length).toBe(ai.length);
  expect(bookedAi).toBe(0);
});
