import type { BulkArchive, UploadRow } from '../../utils/channel-views';
import type { ExportFormat } from '../../utils/export';
import { type ArchiveItem, buildArchive } from '../../utils/export/archive';
import type { Core } from './core';
import { savedTranscript } from './transcripts';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Bytes to base64 in slices, so a large archive never overflows the argument limit of fromCharCode. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The ZIP of the selection, free: every selected video with its saved transcript, or the reason it has
 * none (the run's failure sentence). Built in the background so the content script does not carry fflate.
 */
export async function archiveOf(
  core: Core,
  args: { channel: string; uploads: readonly Pick<UploadRow, 'id' | 'title' | 'published'>[]; format: ExportFormat },
  failed: ReadonlyMap<string, string>,
): Promise<BulkArchive> {
  const lang = (await core.connection()).settings.language;
  const items: ArchiveItem[] = [];
  for (const u of args.uploads) {
    const t = await savedTranscript(core, u.id, lang);
    const error = t ? null : (failed.get(u.id) ?? null);
    items.push({
      id: u.id,
      title: u.title,
      date: u.published ?? (t ? day(t.fetchedAt) : ''),
      transcript: t && { ...t, id: u.id },
      status: t ? 'ok' : error ? 'failed' : 'not_loaded',
      error,
    });
  }
  const name = args.channel.replace(/^https:\/\/www\.youtube\.com\//, '').replace(/[^\w@.-]+/g, '-');
  return { filename: `${name} transcripts.zip`, base64: toBase64(buildArchive(items, args.format)) };
}
