import type { ExportedFile } from '../../utils/export';

/** Long enough for the browser to start reading the blob; revoking earlier can cancel the download. */
export const REVOKE_AFTER_MS = 10_000;

/** Saves a blob through a temporary <a download> placed in `container` (the panel's shadow root is fine). */
export function saveBlob(blob: Blob, filename: string, container: Element): void {
  const url = URL.createObjectURL(blob);
  const link = container.ownerDocument.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Saves an exported transcript file. */
export function downloadFile(file: ExportedFile, container: Element): void {
  saveBlob(new Blob([file.content], { type: file.mime }), file.filename, container);
}
