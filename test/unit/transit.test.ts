import { describe, expect, it } from 'vitest';
import { TransitMargin } from '../../utils/scheduler/transit';

/**
 * The transit margin learned from the answers (utils/scheduler/transit.ts): a request's trip, from leaving (or
 * the answers it queued behind) to its answer, bounds when the service counted it; slower trips widen the margin.
 */
describe('the transit margin', () => {
  it('is the floor until an answer shows a longer trip, and never narrower than the floor', () => {
    const m = new TransitMargin(300);
    expect(m.current(0)).toBe(300);
    m.observe(10, 40);
    m.observe(20, 200);
    expect(m.current(30)).toBe(300);
  });

  it('widens to the longest trip of the last minute with a quarter more, then falls back once it is forgotten', () => {
    const m = new TransitMargin(300);
    m.observe(1_000, 400);
    m.observe(2_000, 320);
    expect(m.current(2_000)).toBe(500);
    // The 400-ms trip is a minute old at 61,000: the 320-ms one is the longest left.
    expect(m.current(61_000)).toBe(400);
    expect(m.current(62_000)).toBe(300);
  });

  it('never widens past the cap, and ignores what is not a trip', () => {
    const m = new TransitMargin(300);
    m.observe(0, 20_000);
    expect(m.current(1)).toBe(1_000);
    const n = new TransitMargin(300);
    n.observe(0, Number.NaN);
    n.observe(0, -5);
    n.observe(Number.POSITIVE_INFINITY, 900);
    expect(n.current(1)).toBe(300);
  });
});
