import type { BulkOutput } from '../../utils/channel-replies';

/** The files a bulk run can give: one per video in a ZIP, or every video in one JSONL file. */
export const OUTPUTS: readonly [BulkOutput, string][] = [
  ['txt', 'TXT'],
  ['srt', 'SRT'],
  ['vtt', 'VTT'],
  ['markdown', 'Markdown'],
  ['json', 'JSON'],
  ['jsonl', 'JSONL (one file)'],
];
