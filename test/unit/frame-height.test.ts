import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { frameHeightOf, readPanelStart, rememberFrameHeight } from '../../components/youtube/frame-height';
import { PANEL_PREFS_KEY } from '../../utils/panel/prefs';
import { MAX_FRAME_PX } from '../../utils/protocol/frame';

const kept = async () => (await fakeBrowser.storage.sync.get('panelFrameHeight')).panelFrameHeight;

beforeEach(() => fakeBrowser.reset());

describe('the panel frame’s first height, kept for the next watch page', () => {
  it('is read with the panel’s preferences, in one read', async () => {
    await fakeBrowser.storage.sync.set({ [PANEL_PREFS_KEY]: { collapsed: true, placement: 'floating' } });
    rememberFrameHeight(612, null);
    await expect.poll(kept).toBe(612);
    expect(await readPanelStart()).toEqual({ prefs: { collapsed: true, placement: 'floating' }, firstHeight: 612 });
  });

  it('reads a stored value as a bounded whole number, else no height', () => {
    for (const raw of ['', '300', 0, -5, 12.5, 1e9, MAX_FRAME_PX + 1, Number.NaN, null, { px: 300 }])
      expect(frameHeightOf(raw)).toBeNull();
    expect(frameHeightOf(MAX_FRAME_PX)).toBe(MAX_FRAME_PX);
  });

  it('keeps no height out of bounds, and writes nothing when the height is the one kept', async () => {
    for (const px of [0, -1, 10.5, MAX_FRAME_PX + 1, Number.NaN]) rememberFrameHeight(px, null);
    rememberFrameHeight(480, 480);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await kept()).toBeUndefined();
    expect(await readPanelStart()).toEqual({ prefs: { collapsed: false, placement: 'column' }, firstHeight: null });
  });
});
