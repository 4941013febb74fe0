import { describe, expect, it } from 'vitest';
import { knownFrameHeight, rememberFrameHeight } from '../../components/youtube/frame-height';
import { MAX_FRAME_PX } from '../../utils/protocol/frame';

/** A page's storage as the content script sees it: whatever a page script put there, or a refusal. */
function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}
const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the panel frame’s first height, kept for the next watch page', () => {
  it('gives back what it kept', () => {
    const page = storage();
    expect(knownFrameHeight(page)).toBeNull();
    rememberFrameHeight(612, page);
    expect(knownFrameHeight(page)).toBe(612);
  });

  it('reads a page script’s value as a bounded whole number, else nothing', () => {
    for (const raw of ['', '0', '-5', '12.5', '1e9', `${MAX_FRAME_PX + 1}`, 'NaN', '300px', '{"px":300}'])
      expect(knownFrameHeight(storage({ 'transcript-lens:frame-px': raw }))).toBeNull();
    expect(knownFrameHeight(storage({ 'transcript-lens:frame-px': `${MAX_FRAME_PX}` }))).toBe(MAX_FRAME_PX);
  });

  it('keeps no height out of bounds, and a storage that refuses is no height', () => {
    const page = storage();
    for (const px of [0, -1, 10.5, MAX_FRAME_PX + 1, Number.NaN]) rememberFrameHeight(px, page);
    expect(page.items.size).toBe(0);
    expect(() => rememberFrameHeight(300, refusing)).not.toThrow();
    expect(knownFrameHeight(refusing)).toBeNull();
  });
});
