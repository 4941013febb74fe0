import type { BulkOutput } from '../../utils/channel/replies';

/**
 * The files a bulk run can give: one per video in a ZIP, or every video in one JSONL file. Format names are the
 * same in every language; null is the one that says more (the picker writes it from the catalogue).
 */
export const OUTPUTS: readonly [BulkOutput, string | null][] = [
  ['txt', 'TXT'],
  ['srt', 'SRT'],
  ['vtt', 'VTT'],
  ['markdown', 'Markdown'],
  ['json', 'JSON'],
  ['jsonl', null],
];
