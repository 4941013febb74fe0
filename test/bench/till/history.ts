import type { BrowserContext } from '@playwright/test';
import { download } from '../../e2e/support/library';
import type { Ledger } from '../../e2e/support/service';
import { readSpendingCsv, spendingReady } from '../../e2e/support/spending';
import { type Figure, figure } from '../figures';
import { historyLessLedger } from './history-sums';

type Charge = Ledger['charges'][number];

/**
 * spend.history_over_charged: how far what the spending history (the journal, as its page exports it to CSV) says
 * the session cost is from what the service's ledger charged the extension (historyLessLedger). Goal 0: a history
 * that books more than the service took (an analysis answered ready, the same job returned, booked at the price) or
 * leaves a charge unnamed (neither booked nor marked "may have been charged") misleads the person.
 */
export async function historyOverCharged(
  context: BrowserContext,
  extensionId: string,
  charges: readonly Charge[],
): Promise<Figure> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/spending.html`);
  await spendingReady(page);
  const file = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  await page.close();
  const { over, note } = historyLessLedger(readSpendingCsv(file.bytes).rows, charges);
  console.log(`till: ${note}`);
  return { ...figure('spend.history_over_charged', over, 'units', '0', over === 0), note };
}
