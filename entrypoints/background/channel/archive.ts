import { strToU8 } from 'fflate';
import type { BulkArchive, BulkOutput, UploadRow } from '../../../utils/channel/replies';
import { type FileItem, zipChunks } from '../../../utils/export/archive';
import { partOf } from '../../../utils/export/archive-parts';
import { withoutHeld } from '../../../utils/export/held-pieces';
import { jsonlOf } from '../../../utils/export/jsonl';
import type { Core } from '../core/core';
import { savedTranscript } from '../saved/transcripts';
import type { Till } from '../till';
import type { MadePart } from './run-file';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'connection' | 'inflight' | 'keeper' | 'mcp' | 'setPlan'> & { till: Till };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Bytes to base64: with the engine's own encoder where it has one (Chrome 140, Firefox 133: a 2 MB archive in a
 * few ms instead of a few hundred on a busy machine), else in slices, so a large archive never overflows the
 * argument limit of fromCharCode.
 */
export function toBase64(bytes: Uint8Array): string {
  const native: unknown = Reflect.get(bytes, 'toBase64');
  if (typeof native === 'function') return String(native.call(bytes));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

type ArchiveArgs = {
  channel: string;
  uploads: readonly Pick<UploadRow, 'id' | 'title' | 'published'>[];
  format: BulkOutput;
  /** The run's language; else the current setting. */
  lang?: string | undefined;
};

/**
 * The ZIP (or JSONL) of the selection, free: every selected video with its saved transcript, or the reason it
 * has none (the run's failure sentence). A run's parts made as its batches arrived (`made`, run-file.ts) are
 * used as they are; every other video's part is made now from what is saved, so a run resumed after a restart
 * still gives every file. Built in the background so the content script does not carry fflate.
 */
export async function archiveOf(
  core: CoreNeeds,
  args: ArchiveArgs,
  failed: ReadonlyMap<string, string>,
  made: ReadonlyMap<string, MadePart> = new Map(),
): Promise<MadeFile> {
  const lang = args.lang ?? (await core.connection()).settings.language;
  const items: FileItem[] = [];
  // The key list once, not once per video: a 500-video archive would read it 500 times; and not at all when every
  // video's part was made as the run's batches arrived (the read would wait behind the last answers' writes).
  const keys = args.uploads.every((u) => made.has(u.id)) ? [] : await core.keeper.keys('transcript');
  const saved = new Set(keys.map((k) => k.slice(0, k.lastIndexOf(':'))));
  for (const u of args.uploads) {
    const ready = made.get(u.id);
    if (ready) {
      const date = u.published ?? day(ready.fetchedAt);
      items.push({ id: u.id, title: u.title, date, track: ready.track, part: ready.part, status: 'ok', error: null });
      continue;
    }
    const t = saved.has(u.id) ? await savedTranscript(core, u.id, lang, keys) : null;
    const error = t ? null : (failed.get(u.id) ?? null);
    items.push({
      id: u.id,
      title: u.title,
      date: u.published ?? (t ? day(t.fetchedAt) : ''),
      track: t,
      part: t && partOf(args.format, { ...t, id: u.id }, u.id),
      status: t ? 'ok' : error ? 'failed' : 'not_loaded',
      error,
    });
  }
  const name = args.channel.replace(/^https:\/\/www\.youtube\.com\//, '').replace(/[^\w@.-]+/g, '-');
  if (args.format === 'jsonl')
    return { filename: `${name} transcripts.jsonl`, mime: 'application/jsonl', chunks: [strToU8(jsonlOf(items))] };
  return { filename: `${name} transcripts.zip`, mime: 'application/zip', chunks: zipChunks(items, args.format) };
}

/** A file made, as the chunks it is made of (a ZIP's parts' entries are chunks of their own: zipChunks). */
export type MadeFile = { filename: string; mime: string; chunks: Uint8Array[] };

/** The file as it crosses to the page: without the pieces the page holds (`pieceOf`: chunk → piece), base64. */
export function sendable(file: MadeFile, pieceOf: ReadonlyMap<Uint8Array, number> = new Map()): BulkArchive {
  const { bytes, held } = withoutHeld(file.chunks, pieceOf);
  const base64 = toBase64(bytes);
  return { filename: file.filename, mime: file.mime, base64, ...(held.length > 0 && { held }) };
}
