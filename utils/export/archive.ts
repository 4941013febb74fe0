import { strToU8, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
import { type ArchivePart, partOf } from './archive-parts';
import { toCsv } from './csv';
import type { ExportTranscript } from './cues';
import { type ExportFormat, safeFilename } from './index';

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

/** The track's fields index.csv names. */
export type TrackFields = Pick<ExportTranscript, 'language' | 'languageCode' | 'isGenerated'>;

/** A selected video as the file holds it: its index fields and its part (archive-parts.ts), made earlier or now. */
export type FileItem = Omit<ArchiveItem, 'transcript'> & { track: TrackFields | null; part: ArchivePart | null };

const EXT: Record<ExportFormat, string> = { txt: 'txt', srt: 'srt', vtt: 'vtt', markdown: 'md', json: 'json' };
const HEADER = ['id', 'title', 'url', 'language', 'languageCode', 'isGenerated', 'status', 'error'] as const;

/** index.csv's fields of one video (JSONL has the same, typed: null where the CSV has an empty cell). */
export function indexFields(item: Omit<FileItem, 'part'>) {
  return {
    id: item.id,
    title: item.title,
    url: `https://www.youtube.com/watch?v=${item.id}`,
    language: item.track?.language ?? null,
    languageCode: item.track?.languageCode ?? null,
    isGenerated: item.track ? item.track.isGenerated : null,
    status: item.status,
    error: item.error,
  };
}

/** An item with its part made now (the whole file built at once). */
export function fileItem({ transcript, ...item }: ArchiveItem, format: ExportFormat | 'jsonl'): FileItem {
  return { ...item, track: transcript, part: transcript && partOf(format, transcript, item.id) };
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
  return zipOf(
    items.map((item) => fileItem(item, format)),
    format,
  );
}

/**
 * The ZIP put together from parts compressed earlier: only the names (in list order, so the same as ever),
 * index.csv and the ZIP's own records are made now. fflate's streaming Zip takes each part as an entry whose
 * CRC and sizes are known, so nothing is compressed twice.
 */
export function zipOf(items: readonly FileItem[], format: ExportFormat): Uint8Array {
  return joined(zipChunks(items, format));
}

/**
 * The same ZIP as the chunks it is made of, in order: each part's compressed bytes are a chunk of their own, the
 * very array the part holds (held-pieces.ts sends the page only those it does not hold).
 */
export function zipChunks(items: readonly FileItem[], format: ExportFormat): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const mtime = new Date();
  const taken = new Set<string>(['index.csv']);
  for (const item of items) {
    const part = item.part;
    if (part?.kind !== 'zip' || part.format !== format) continue;
    const entry: ZipInputFile = {
      filename: archiveName(item, EXT[format], taken),
      size: part.size,
      crc: part.crc,
      compression: 8,
      mtime,
    };
    zip.add(entry);
    entry.ondata?.(null, part.data, true);
  }
  const index = new ZipDeflate('index.csv', { level: 6 });
  index.mtime = mtime;
  zip.add(index);
  const rows = items.map((item) => HEADER.map((name) => indexFields(item)[name] ?? ''));
  index.push(strToU8(toCsv(HEADER, rows)), true);
  zip.end();
  if (failure) throw failure;
  return chunks;
}

/** Chunks as one array. */
export function joined(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
