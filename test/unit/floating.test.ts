import { describe, expect, it } from 'vitest';
import { floatingBox } from '../../components/youtube/floating';

const viewport = { width: 900, height: 900 };
const player = (top: number, bottom: number, left = 0, right = 900) => ({ top, bottom, left, right });

describe('a floating panel never covers the player', () => {
  it('no player (channel pages): under the masthead, top right', () => {
    expect(floatingBox(viewport, null)).toEqual({ top: 72, right: 16, width: 400, maxHeight: 812 });
  });

  it('a player under the panel: the panel goes below it', () => {
    expect(floatingBox(viewport, player(56, 560))).toMatchObject({ top: 568, maxHeight: 316 });
  });

  it('scrolled so the player is gone: back under the masthead', () => {
    expect(floatingBox(viewport, player(-600, -90)).top).toBe(72);
  });

  it('a player beside the panel (wide window): the panel stays at the top', () => {
    expect(floatingBox({ width: 1600, height: 900 }, player(80, 700, 24, 1100)).top).toBe(72);
  });

  it('a player taller than the window: only the header shows, over the picture, with the controls below the window', () => {
    const box = floatingBox(viewport, player(56, 1400));
    expect(box.top).toBe(852);
    expect(box.top + 48).toBeLessThanOrEqual(1400 - 48);
  });

  it('the controls at the very bottom of the window: the panel stays below them', () => {
    expect(floatingBox(viewport, player(56, 880)).top).toBe(888);
  });

  it('a window narrower than the panel: the panel fits with margins', () => {
    expect(floatingBox({ width: 360, height: 700 }, null).width).toBe(328);
  });
});
