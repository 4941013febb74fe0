import { describe, expect, it } from 'vitest';
import { lastAtOrBelow } from '../../components/transcript/sorted';

describe('lastAtOrBelow', () => {
  const starts = Float64Array.from([0, 2.5, 2.5, 7, 30]);

  it('finds the last number at or below the value, -1 below the first', () => {
    expect(lastAtOrBelow(starts, -1)).toBe(-1);
    expect(lastAtOrBelow(starts, 0)).toBe(0);
    expect(lastAtOrBelow(starts, 2.5)).toBe(2);
    expect(lastAtOrBelow(starts, 6.99)).toBe(2);
    expect(lastAtOrBelow(starts, 7)).toBe(3);
    expect(lastAtOrBelow(starts, 1e9)).toBe(4);
  });

  it('looks at the first `count` only, and at nothing in an empty list', () => {
    expect(lastAtOrBelow(starts, 1e9, 3)).toBe(2);
    expect(lastAtOrBelow(starts, 1e9, 0)).toBe(-1);
    expect(lastAtOrBelow([], 5)).toBe(-1);
  });

  it('agrees with a walk from the start on many sorted lists', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let n = 0; n < 200; n++) {
      const sorted = Array.from({ length: n % 17 }, () => Math.floor(next() * 20)).sort((a, b) => a - b);
      const value = Math.floor(next() * 24) - 2;
      let walked = -1;
      sorted.forEach((x, i) => {
        if (x <= value) walked = i;
      });
      expect(lastAtOrBelow(sorted, value)).toBe(walked);
    }
  });
});
