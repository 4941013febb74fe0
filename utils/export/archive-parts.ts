import { deflateSync } from 'fflate';
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
/** UTF-8 by the engine (fflate's strToU8 is script, and writes a lone surrogate as bytes no decoder accepts). */
const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

export function partOf(format: ArchiveFormat, transcript: ExportTranscript, id: string): ArchivePart {
  if (format === 'jsonl') {
    const segments = transcript.segments.map(({ text, start, duration }) => ({ text, start, duration }));
    // The line's last two fields, as `JSON.stringify` writes them after index.csv's (jsonl.ts joins them).
    return {
      kind: 'jsonl',
      fields: `"text":${JSON.stringify(transcript.text)},"segments":${JSON.stringify(segments)}`,
    };
  }
  const bytes = utf8(exportFile(format, transcript, id).content);
  return { kind: 'zip', format, size: bytes.length, crc: crc32(bytes), data: deflateSync(bytes, { level: LEVEL }) };
}

/**
 * The same part with its entry compressed by the engine's own zlib (CompressionStream, Chrome 103, Firefox 113),
 * several times fflate's speed in script: a bulk run's 500 parts took the worker ~650 ms of deflate in fflate,
 * while the run's later requests waited for it to leave and to read their answers. Asked for as gzip, whose
 * body is the raw DEFLATE a ZIP entry holds and whose trailer carries the CRC-32 the entry needs, so the engine
 * computes that too (in script it was a tenth of a bulk file's parts). Where the engine has none (or its output
 * is not the gzip expected), fflate's and the script's CRC.
 */
export async function partMade(format: ArchiveFormat, transcript: ExportTranscript, id: string): Promise<ArchivePart> {
  if (format === 'jsonl' || typeof CompressionStream !== 'function') return partOf(format, transcript, id);
  const bytes = utf8(exportFile(format, transcript, id).content);
  try {
    const { data, crc } = await engineGzip(bytes);
    return { kind: 'zip', format, size: bytes.length, crc, data };
  } catch {
    return { kind: 'zip', format, size: bytes.length, crc: crc32(bytes), data: deflateSync(bytes, { level: LEVEL }) };
  }
}

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;

/** gzip (RFC 1952) → its DEFLATE body and CRC-32; throws unless it is one member holding exactly `bytes`. */
async function engineGzip(bytes: Uint8Array<ArrayBuffer>): Promise<{ data: Uint8Array<ArrayBuffer>; crc: number }> {
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  // Their failures are the reader's too: it rejects, and the caller compresses in script instead.
  writer.write(bytes).catch(() => undefined);
  writer.close().catch(() => undefined);
  const gz = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  const view = new DataView(gz.buffer);
  if (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b || gz[2] !== 8) throw new Error('not gzip');
  const flags = gz[3] ?? 0;
  let at = 10;
  if (flags & FEXTRA) at += 2 + view.getUint16(at, true);
  if (flags & FNAME) at = gz.indexOf(0, at) + 1;
  if (flags & FCOMMENT) at = gz.indexOf(0, at) + 1;
  if (flags & FHCRC) at += 2;
  const end = gz.length - 8;
  if (at <= 0 || at > end || view.getUint32(end + 4, true) !== bytes.length >>> 0) throw new Error('unexpected gzip');
  return { data: gz.subarray(at, end), crc: view.getUint32(end, true) };
}

/** Whether a part made earlier serves a file in this format. */
export function partFits(part: ArchivePart, format: ArchiveFormat): boolean {
  return part.kind === 'jsonl' ? format === 'jsonl' : part.format === format;
}
