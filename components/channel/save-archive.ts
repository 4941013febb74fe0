import type { BulkFile, UploadRow } from '../../utils/channel-views';
import type { ExportFormat } from '../../utils/export';
import { type ArchiveItem, buildArchive } from '../../utils/export/archive';
import { REVOKE_AFTER_MS } from '../transcript/download';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The archive's rows: every selected video, with its saved transcript or the reason it has none. */
export function archiveItems(
  uploads: readonly UploadRow[],
  files: readonly BulkFile[],
  failed: ReadonlyMap<string, string>,
): ArchiveItem[] {
  const byId = new Map(files.map((f) => [f.id, f.transcript]));
  return uploads.map((u) => {
    const t = byId.get(u.id) ?? null;
    const date = u.published ?? (t ? day(t.fetchedAt) : '');
    const error = t ? null : (failed.get(u.id) ?? null);
    return { id: u.id, title: u.title, date, transcript: t, status: t ? 'ok' : error ? 'failed' : 'not_loaded', error };
  });
}

/** Saves the ZIP through a temporary <a download> inside the panel. */
export function saveArchive(items: ArchiveItem[], format: ExportFormat, name: string, container: Element): void {
  // fflate returns a view over a plain ArrayBuffer; copying gives Blob the exact type it takes.
  const bytes = new Uint8Array(buildArchive(items, format));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
  const link = container.ownerDocument.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
