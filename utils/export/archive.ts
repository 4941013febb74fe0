import { strToU8, zipSync } from 'fflate';
import { toCsv } from './csv';
import type { ExportTranscript } from './cues';
import { type ExportFormat, exportFile, safeFilename } from './index';

/** One selected video in a bulk run: its transcript when delivered (or saved), else why not. */
export type ArchiveItem = {
  id: string;
  title: string;
  /** YYYY-MM-DD: the upload date when the listing gave one, else the day the transcript was saved. */
  date: string;
  transcript: ExportTranscript | null;
  status: 'ok' | 'failed' | 'not_loaded';
  error: string | null;
};

const EXT: Record<ExportFormat, string> = { txt: 'txt', srt: 'srt', vtt: 'vtt', markdown: 'md', json: 'json' };
const HEADER = ['id', 'title', 'url', 'language', 'languageCode', 'isGenerated', 'status', 'error'] as const;

/** index.csv's fields of one video (JSONL has the same, typed: null where the CSV has an empty cell). */
export function indexFields(item: ArchiveItem) {
  return {
    id: item.id,
    title: item.title,
    url: `https://www.youtube.com/watch?v=${item.id}`,
    language: item.transcript?.language ?? null,
    languageCode: item.transcript?.languageCode ?? null,
    isGenerated: item.transcript ? item.transcript.isGenerated : null,
    status: item.status,
    error: item.error,
  };
}

/** `<date> <title> [<id>].<ext>`, safe on Windows, macOS and Linux (utils/export safeFilename), unique. */
export function archiveName(item: Pick<ArchiveItem, 'id' | 'title' | 'date'>, ext: string, taken: Set<string>) {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(item.date) ? `${item.date} ` : '';
  let name = `${date}${safeFilename(item.title, item.id, ext)}`;
  // Windows compares names without case: two ids differing only in case must not collide.
  for (let n = 2; taken.has(name.toLowerCase()); n++)
    name = `${date}${safeFilename(item.title, `${item.id}-${n}`, ext)}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The ZIP of a bulk run: one file per delivered transcript in the chosen format, and index.csv for all. */
export function buildArchive(items: readonly ArchiveItem[], format: ExportFormat): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const taken = new Set<string>(['index.csv']);
  for (const item of items) {
    if (!item.transcript) continue;
    const { content } = exportFile(format, item.transcript, item.id);
    files[archiveName(item, EXT[format], taken)] = strToU8(content);
  }
  const rows = items.map((item) => HEADER.map((name) => indexFields(item)[name] ?? ''));
  files['index.csv'] = strToU8(toCsv(HEADER, rows));
  return zipSync(files, { level: 6, mtime: new Date() });
}
