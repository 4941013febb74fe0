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

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]) {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
