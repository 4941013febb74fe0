import { browser } from 'wxt/browser';
import { PANEL_PREFS_KEY, type PanelPrefs, parsePanelPrefs } from '../../utils/panel/prefs';
import { MAX_FRAME_PX } from '../../utils/protocol/frame';

/**
 * The height the panel's frame first reported on the last watch page: the next page's frame starts at it, so the
 * page and the frame lay out and paint once at their first drawing, not at 0 px and again when the frame says its
 * height (docs/benchmarks.md, "The panel in its frame"). Only a first guess: the frame's own report still sizes it.
 * Kept in the extension's storage.sync beside the panel's preferences (read with them, in one read the mount waits
 * for anyway), not in the page's localStorage, which would tell YouTube's scripts the extension is there, even
 * after it is removed.
 */
export const FRAME_HEIGHT_KEY = 'panelFrameHeight';

/** A kept height: a whole, positive number of pixels within the frame's bounds, else none. */
export function frameHeightOf(stored: unknown): number | null {
  return typeof stored === 'number' && Number.isInteger(stored) && stored > 0 && stored <= MAX_FRAME_PX ? stored : null;
}

/** The panel's preferences and the kept first height, in one read; anything unreadable is the default. */
export async function readPanelStart(): Promise<{ prefs: PanelPrefs; firstHeight: number | null }> {
  const stored: Record<string, unknown> = await browser.storage.sync
    .get([PANEL_PREFS_KEY, FRAME_HEIGHT_KEY])
    .catch(() => ({}));
  return { prefs: parsePanelPrefs(stored[PANEL_PREFS_KEY]), firstHeight: frameHeightOf(stored[FRAME_HEIGHT_KEY]) };
}

/** Keeps the first height a frame reported for the next page, unless it is the one kept (a write saved). */
export function rememberFrameHeight(px: number, kept: number | null): void {
  if (px === kept || frameHeightOf(px) === null) return;
  void browser.storage.sync.set({ [FRAME_HEIGHT_KEY]: px }).catch(() => undefined);
}
