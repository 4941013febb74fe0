import { describe, expect, it } from 'vitest';
import { MIN_SAMPLES, median, probeCell, probed, timed } from '../bench/figures';

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

/** The machine beside every figure: each stage's figures carry the speed probe read just before and after it. */
describe('probed stages', () => {
  it('stamps every figure of a stage with the probe before and after it, in the order read', async () => {
    const readings = [41.5, 63.2];
    const figures = await probed(
      async () => [timed('a.ms', [1, 2, 3, 4, 5], 'ms', '—', null), timed('b.ms', [5, 5, 5, 5, 5], 'ms', '—', null)],
      () => readings.shift() ?? Number.NaN,
    );
    expect(figures.map((f) => f.probe)).toEqual([
      { before: 41.5, after: 63.2 },
      { before: 41.5, after: 63.2 },
    ]);
    expect(figures.map(probeCell)).toEqual(['41.5–63.2', '41.5–63.2']);
    expect(readings).toHaveLength(0);
  });

  it('shows no probe for a figure no stage measured', () => {
    expect(probeCell(timed('c.ms', [1, 1, 1, 1, 1], 'ms', '—', null))).toBe('—');
  });
});
