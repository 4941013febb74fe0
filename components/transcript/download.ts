import type { ExportedFile } from '../../utils/export';

/** Long enough for the browser to start reading the blob; revoking earlier can cancel the download. */
export const REVOKE_AFTER_MS = 10_000;

/** Saves a file through a temporary <a download> placed in `container` (the panel's shadow root is fine). */
export function downloadFile(file: ExportedFile, container: Element): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const link = container.ownerDocument.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
