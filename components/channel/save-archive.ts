import type { BulkArchive } from '../../utils/channel/replies';
import { saveBlob } from '../transcript/download';

/** Base64 to bytes: with the engine's own decoder where it has one (Chrome 140, Firefox 133), else by hand. */
export function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const native: unknown = Reflect.get(Uint8Array, 'fromBase64');
  if (typeof native === 'function') return native.call(Uint8Array, base64) as Uint8Array<ArrayBuffer>;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves the file the background built (it crosses the message channel as base64) inside the panel. */
export function saveArchive(archive: BulkArchive, container: Element): void {
  saveBlob(new Blob([fromBase64(archive.base64)], { type: archive.mime }), archive.filename, container);
}
