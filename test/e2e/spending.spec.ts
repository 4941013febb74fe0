import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ROOT } from './support/build';
import { accountOnService, openExtensionPage } from './support/extension-pages';
import { download } from './support/library';
import { loadTranscript, panelOf, waitForCues } from './support/panel';
import type { TestService } from './support/service';
import { purchaseRows, readSpendingCsv, spendingReady } from './support/spending';

const HUMAN = 'tvaHuman001';
const SPANISH = 'tvaSpanish1';
const DISABLED = 'tvaDisable1';
const LOST = 'tvaAutoGen1';

/**
 * Purchases made through the real panel: two transcripts delivered, a failed lookup (free), and one whose 200
 * answer arrives unreadable (the service's ledger charges nothing for it here, but the extension cannot know that:
 * the journal says it may have been charged).
 *
 * Analyses and questions are moving onto the till in another branch (till.startAnalysis, till.ask); once they
 * journal, a session here adds "Analyze video" and "Ask" through the panel (support/analysis.ts) and their rows
 * join the ones below, with their AI Unit charges checked against the ledger the same way.
 */
async function session(configured: TestService, openVideo: (id: string) => Promise<Page>): Promise<void> {
  for (const id of [HUMAN, SPANISH]) {
    const page = await openVideo(id);
    await waitForCues(page);
    await page.close();
  }
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
  await expect(rows).toHaveCount(4);
  // Newest first.
  await expect(rows.nth(0)).toHaveAttribute('data-outcome', 'unknown');
  await expect(rows.nth(0)).toContainText('May have been charged');
  await expect(rows.nth(0)).toContainText(LOST);
  await expect(rows.nth(0)).toContainText('Trying again costs 1 Cloud Request');
  await expect(rows.nth(1)).toHaveAttribute('data-outcome', 'refused');
  await expect(rows.nth(1)).toContainText('Not charged');
  await expect(rows.nth(2)).toHaveAttribute('data-outcome', 'delivered');
  await expect(rows.nth(2)).toContainText(`Cocina mediterránea en casa (${SPANISH})`);
  await expect(rows.nth(3)).toContainText(`Distributed Systems: An Introduction (${HUMAN})`);
  await expect(rows.nth(3)).toContainText('Charged 1 Cloud Request');
  for (const i of [0, 1, 2, 3]) await expect(rows.nth(i)).toContainText('Panel');
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
    ['transcript', 'panel', HUMAN, 'delivered'],
  ]);

  // What the service charged the account, and only that, is what the delivered rows say they were charged.
  const charges = (await configured.ledger()).charges.filter((c) => c.token === 'demo-pro');
  const delivered = csv.filter((r) => r.outcome === 'delivered');
  expect(charges.filter((c) => c.kind === 'cloud').map((c) => c.videoId)).toEqual(
    delivered.map((r) => r.delivered).reverse(),
  );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  expect(sum(delivered.map((r) => Number(r.chargedCloudRequests)))).toBe(
    sum(charges.filter((c) => c.kind === 'cloud').map((c) => c.amount)),
  );
  expect(sum(delivered.map((r) => Number(r.chargedAiUnits)))).toBe(
    sum(charges.filter((c) => c.kind === 'ai').map((c) => c.amount)),
  );
  // The refused lookup cost nothing; the unreadable answer may have cost its price (here the service took none).
  expect(csv[1]).toMatchObject({ chargedCloudRequests: '0', chargedAiUnits: '0' });
  expect(csv[0]).toMatchObject({ chargedCloudRequests: '1', priceCloudRequests: '1' });
  expect(charges.some((c) => c.videoId === LOST || c.videoId === DISABLED)).toBe(false);
  // The last balance the service reported is the account's.
  const account = await accountOnService(configured, 'demo-pro');
  expect(Number(csv[1]?.cloudRequestsAfter)).toBe(account.cloudRequests);
  expect(Number(csv[3]?.cloudRequestsBefore) - Number(csv[1]?.cloudRequestsAfter)).toBe(2);

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
