import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { SPENDING_CSV_HEADER } from '../../../utils/till/spending-csv';
import { expect } from '../fixtures';

/** The spending page as a person reads it: its heading, one table row per purchase, its export. */
export async function spendingReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Spending', level: 1 })).toBeVisible();
}

/** The purchases' rows: the table's body (its header row is a row too). */
export const purchaseRows = (page: Page): Locator => page.locator('table.history tbody').getByRole('row');

const Column = z.enum(SPENDING_CSV_HEADER);
const CsvRow = z.record(Column, z.string());
export type SpendingCsvRow = z.infer<typeof CsvRow>;

/** The exported file read as a spreadsheet would (BOM, header row), each row checked against the stable columns. */
export function readSpendingCsv(bytes: Buffer): { header: string[]; rows: SpendingCsvRow[] } {
  const [header = [], ...rest]: string[][] = parse(bytes, { bom: true });
  const rows = rest.map((cells) => CsvRow.parse(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))));
  return { header, rows };
}
