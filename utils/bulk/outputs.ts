/**
 * What the person downloads from a run: a ZIP with one file per video in one of these formats, or one JSONL file.
 * Without zod, so the channel view's reply shapes (utils/channel/replies.ts) name it without loading the run.
 */
export const BULK_OUTPUTS = ['txt', 'srt', 'vtt', 'markdown', 'json', 'jsonl'] as const;
export type BulkOutput = (typeof BULK_OUTPUTS)[number];
