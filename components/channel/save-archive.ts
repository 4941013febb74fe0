import type { BulkArchive } from '../../utils/channel-views';
import { REVOKE_AFTER_MS } from '../transcript/download';

/** Saves the archive the background built through a temporary <a download> inside the panel. */
export function saveArchive(archive: BulkArchive, container: Element): void {
  const binary = atob(archive.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
  const link = container.ownerDocument.createElement('a');
  link.href = url;
  link.download = archive.filename;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
