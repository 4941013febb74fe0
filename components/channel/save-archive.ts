import type { BulkArchive } from '../../utils/channel/replies';
import { withHeld } from '../../utils/export/held-pieces';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { ContentMessage } from '../../utils/protocol/requests';
import type { Send } from '../../utils/protocol/send';
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

/**
 * Saves the file the background built (it crosses the message channel as base64) inside the panel, with the
 * pieces this page held put in their places. False: a place names a piece not held (nothing saved).
 */
export function saveArchive(
  archive: BulkArchive,
  container: Element,
  pieces: readonly Uint8Array<ArrayBuffer>[] = [],
): boolean {
  const parts = withHeld(fromBase64(archive.base64), archive.held ?? [], pieces);
  if (!parts) return false;
  saveBlob(new Blob(parts, { type: archive.mime }), archive.filename, container);
  return true;
}

/** What a page holds of a run's file (useHeldPieces.ts): the making's name and its pieces in order. */
export type Held = { runId: string; format: string; epoch: string; pieces: Uint8Array<ArrayBuffer>[] };

type ArchiveAsk = Extract<ContentMessage, { type: 'bulk.archive' }>;

/**
 * Asks for the file without the pieces held and saves it; a place the pieces cannot fill (a page that lost some)
 * asks for the whole file again. The refusal, if any.
 */
export async function askAndSave(
  send: Send,
  asked: ArchiveAsk,
  kept: Held | null,
  box: Element,
): Promise<ReplyError | null> {
  const held = kept && { held: { epoch: kept.epoch, count: kept.pieces.length } };
  const reply = await send({ ...asked, ...held });
  if (!reply.ok) return reply.error;
  if (saveArchive(reply.data, box, kept?.pieces)) return null;
  const whole = await send(asked);
  if (!whole.ok) return whole.error;
  saveArchive(whole.data, box);
  return null;
}
