import { deflateSync, strToU8 } from 'fflate';
import { crc32 } from './crc32';
import type { ExportTranscript } from './cues';
import { type ExportFormat, exportFile } from './index';

/** A bulk file's format: one of the exports in a ZIP, or one JSON Lines file. */
export type ArchiveFormat = ExportFormat | 'jsonl';

/**
 * One video's share of a bulk file, made when its transcript arrives so that the file is only put together at
 * the end: the ZIP entry already compressed (named later: names depend on the whole selection), or the
 * transcript's half of its JSONL line. The part is the slow work (export, deflate, stringify).
 */
export type ArchivePart =
  | { kind: 'zip'; format: ExportFormat; size: number; crc: number; data: Uint8Array<ArrayBuffer> }
  | { kind: 'jsonl'; fields: string };

const LEVEL = 6;

export function partOf(format: ArchiveFormat, transcript: ExportTranscript, id: string): ArchivePart {
  if (format === 'jsonl') {
    const segments = transcript.segments.map(({ text, start, duration }) => ({ text, start, duration }));
    // The line's last two fields, as `JSON.stringify` writes them after index.csv's (jsonl.ts joins them).
    return {
      kind: 'jsonl',
      fields: `"text":${JSON.stringify(transcript.text)},"segments":${JSON.stringify(segments)}`,
    };
  }
  const bytes = strToU8(exportFile(format, transcript, id).content);
  return { kind: 'zip', format, size: bytes.length, crc: crc32(bytes), data: deflateSync(bytes, { level: LEVEL }) };
}

/**
 * The same part with its entry compressed by the engine's own zlib (CompressionStream's raw DEFLATE: Chrome 103,
 * Firefox 113), several times fflate's speed in script: a bulk run's 500 parts took the worker ~650 ms of
 * deflate in fflate, while the run's later requests waited for it to leave and to read their answers. Where the
 * engine has none (or it fails), fflate's.
 */
export async function partMade(format: ArchiveFormat, transcript: ExportTranscript, id: string): Promise<ArchivePart> {
  if (format === 'jsonl' || typeof CompressionStream !== 'function') return partOf(format, transcript, id);
  const bytes = strToU8(exportFile(format, transcript, id).content);
  const crc = crc32(bytes);
  try {
    return { kind: 'zip', format, size: bytes.length, crc, data: await engineDeflate(bytes) };
  } catch {
    return { kind: 'zip', format, size: bytes.length, crc, data: deflateSync(bytes, { level: LEVEL }) };
  }
}

async function engineDeflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new CompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  // Their failures are the reader's too: it rejects, and the caller compresses in script instead.
  writer.write(bytes).catch(() => undefined);
  writer.close().catch(() => undefined);
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

/** Whether a part made earlier serves a file in this format. */
export function partFits(part: ArchivePart, format: ArchiveFormat): boolean {
  return part.kind === 'jsonl' ? format === 'jsonl' : part.format === format;
}
