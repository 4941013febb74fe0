import type { BulkArchive } from '../../utils/channel-replies';
import { saveBlob } from '../transcript/download';

/** Saves the file the background built (it crosses the message channel as base64) inside the panel. */
export function saveArchive(archive: BulkArchive, container: Element): void {
  const binary = atob(archive.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(new Blob([bytes], { type: archive.mime }), archive.filename, container);
}
