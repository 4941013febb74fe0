import { MAX_FRAME_PX } from '../../utils/protocol/frame';

/**
 * The height the panel's frame first reported on the last watch page, kept in the page's localStorage: the next
 * page's frame starts at it, so the page and the frame lay out and paint once at their first drawing, not at 0 px
 * and again when the frame says its height (docs/benchmarks.md, "The panel in its frame"). Only a first guess: the
 * frame's own report still sizes it. A page script can read it (it can measure the panel's host anyway) or change
 * it (a frame of another height until the frame reports); it is read as a bounded number, nothing else.
 */
const KEY = 'transcript-lens:frame-px';

/** The kept height, or null (none, unreadable, out of bounds, or storage refused). */
export function knownFrameHeight(storage: Pick<Storage, 'getItem'> = window.localStorage): number | null {
  try {
    const px = Number(storage.getItem(KEY));
    return Number.isInteger(px) && px > 0 && px <= MAX_FRAME_PX ? px : null;
  } catch {
    return null;
  }
}

/** Keeps a height the frame reported (a whole, positive number of pixels) for the next page. */
export function rememberFrameHeight(px: number, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  if (!Number.isInteger(px) || px <= 0 || px > MAX_FRAME_PX) return;
  try {
    storage.setItem(KEY, String(px));
  } catch {
    // Storage full or refused: the next frame starts at 0 px, as without it.
  }
}
