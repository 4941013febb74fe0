import { CSV_BOM, csvRow, toCsv } from '../export/csv';
import { outcomeKind } from './history';
import type { JournalEntry } from './journal';

/**
 * The spending history's CSV columns, in this order, for as long as the file exists: a spreadsheet or a script
 * that reads them by name or by position keeps working. Numbers are plain; an unknown balance is an empty cell.
 */
export const SPENDING_CSV_HEADER = [
  'time',
  'kind',
  'path',
  'videos',
  'delivered',
  'channel',
  'query',
  'question',
  'mode',
  'priceCloudRequests',
  'priceAiUnits',
  'priceAiUnitsUpTo',
  'outcome',
  'chargedCloudRequests',
  'chargedAiUnits',
  'cloudRequestsBefore',
  'aiUnitsBefore',
  'cloudRequestsAfter',
  'aiUnitsAfter',
  'message',
  'mayHaveChargedCloudRequests',
  'mayHaveChargedAiUnits',
] as const;

export type SpendingCsvColumn = (typeof SPENDING_CSV_HEADER)[number];
type Cell = string | number | null;

/**
 * One entry's cells by column. `delivered` is what the outcome names (videos; the channel of a listing; the job of an
 * analysis); `charged` is what the spec says was charged, and is empty for an unknown outcome, whose possible
 * charge is in `mayHaveCharged` instead: summing `charged` never counts money the service may not have taken.
 */
export function spendingCsvFields(e: JournalEntry): Record<SpendingCsvColumn, Cell> {
  const o = e.outcome;
  const s = e.subject;
  const known = o && o.state !== 'unknown' ? o.charged : null;
  const possible = o?.state === 'unknown' ? o.charged : null;
  return {
    time: new Date(e.at).toISOString(),
    kind: e.kind,
    path: e.path,
    videos: s.ids.join(' '),
    delivered: o ? o.delivered.join(' ') : '',
    channel: s.channel ?? '',
    query: s.query ?? '',
    question: s.question ?? '',
    mode: s.mode ?? '',
    priceCloudRequests: e.price.cloudRequests,
    priceAiUnits: e.price.aiUnits,
    priceAiUnitsUpTo: e.price.aiUnitsUpTo,
    outcome: outcomeKind(e),
    chargedCloudRequests: known ? known.cloudRequests : null,
    chargedAiUnits: known ? known.aiUnits : null,
    cloudRequestsBefore: e.before.cloudRequests,
    aiUnitsBefore: e.before.aiUnits,
    cloudRequestsAfter: e.after?.cloudRequests ?? null,
    aiUnitsAfter: e.after?.aiUnits ?? null,
    message: o?.message ?? '',
    mayHaveChargedCloudRequests: possible ? possible.cloudRequests : null,
    mayHaveChargedAiUnits: possible ? possible.aiUnits : null,
  };
}

const rowOf = (e: JournalEntry) => {
  const fields = spendingCsvFields(e);
  return SPENDING_CSV_HEADER.map((column) => fields[column]);
};

/** One row per entry, in the order given, through the project's CSV writer (quoted, formula-safe, BOM). */
export function spendingCsv(entries: readonly JournalEntry[]): string {
  return toCsv(SPENDING_CSV_HEADER, entries.map(rowOf));
}

/** Rows written into a part of the file at a time. */
export const CSV_PART_ROWS = 500;

/**
 * The same file a part at a time (the header first, then `rows` entries a part): a journal of years of bulk
 * runs is written into a Blob part by part, never as one string nor one array of every row. Joined, the parts
 * are spendingCsv's text.
 */
export function* spendingCsvParts(entries: readonly JournalEntry[], rows = CSV_PART_ROWS): Generator<string> {
  yield `${CSV_BOM}${csvRow(SPENDING_CSV_HEADER)}`;
  for (let i = 0; i < entries.length; i += rows)
    yield entries
      .slice(i, i + rows)
      .map((e) => csvRow(rowOf(e)))
      .join('');
}

/** The CSV file as the browser saves it, written a part at a time. */
export function spendingCsvBlob(entries: readonly JournalEntry[]): Blob {
  const parts: Blob[] = [];
  for (const part of spendingCsvParts(entries)) parts.push(new Blob([part]));
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
}

/** "transcript-lens-spending-2026-11-23.csv" (the local date). */
export function spendingCsvName(now: number): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `transcript-lens-spending-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.csv`;
}
