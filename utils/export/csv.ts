/**
 * CSV a spreadsheet opens correctly: every cell quoted, quotes doubled, CRLF rows, UTF-8 with a BOM (so
 * Excel reads it as UTF-8), and cells that a spreadsheet would run as a formula (= + - @, tab, CR) prefixed
 * with an apostrophe (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

type Cell = string | number | boolean | null;

/** The byte order mark that opens the file, so that Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** One row as the file holds it, its CRLF included: a file written a part at a time joins rows as they come. */
export const csvRow = (row: readonly Cell[]): string => `${row.map(csvCell).join(',')}\r\n`;

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]) {
  return `${CSV_BOM}${[header, ...rows].map(csvRow).join('')}`;
}
