import { describe, expect, it } from 'vitest';
import { MIN_SAMPLES, median, timed } from '../bench/figures';

/** The bench's timing figures: the median of at least five samples, judged on it, with min and max beside it. */
describe('timed figures', () => {
  it('is the median of its samples, with min, max and every sample kept', () => {
    const f = timed('x.ms', [9, 3, 5, 40, 4], 'ms', '≤ 5', (m) => m <= 5);
    expect(f).toMatchObject({ value: 5, meets: true, spread: { median: 5, min: 3, max: 40, n: 5 } });
    expect(f.spread?.samples).toEqual([9, 3, 5, 40, 4]);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });

  it('is judged on the median: one slow sample does not fail it, a slow median does', () => {
    expect(timed('x.ms', [1, 1, 1, 1, 99], 'ms', '≤ 5', (m) => m <= 5).meets).toBe(true);
    expect(timed('x.ms', [1, 1, 6, 7, 8], 'ms', '≤ 5', (m) => m <= 5).meets).toBe(false);
  });

  it('never is a median of fewer than five, nor of a failed sample', () => {
    const few = timed('x.ms', [1, 2, 3], 'ms', '≤ 5', (m) => m <= 5);
    expect(MIN_SAMPLES).toBe(5);
    expect(few.value).toBeNaN();
    expect(few.meets).toBe(false);
    const failed = timed('x.ms', [1, 2, Number.NaN, 3, 4], 'ms', '≤ 5', (m) => m <= 5);
    expect(failed.value).toBeNaN();
    expect(failed.meets).toBe(false);
  });

  it('has no verdict without a goal', () => {
    expect(timed('x.ms', [1, 2, 3, 4, 5], 'ms', '—', null).meets).toBeNull();
  });
});
