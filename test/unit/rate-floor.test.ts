import { describe, expect, it } from 'vitest';
import { PLANS } from '../../utils/api/schemas';
import { floorMs, floorStarts, laneLimits } from '../../utils/scheduler/floor';
import { WINDOW_SPECS } from '../../utils/scheduler/limits';

describe('the rate-limit floor', () => {
  it('takes the plan’s requests per minute from the one plan table, and the lane’s other windows', () => {
    expect(laneLimits('rest', 'starter')).toEqual([
      WINDOW_SPECS.restBurst,
      { limit: PLANS.starter.rpm, periodMs: 60_000 },
    ]);
    expect(laneLimits('poll', 'team')).toEqual([WINDOW_SPECS.polling, { limit: PLANS.team.rpm, periodMs: 60_000 }]);
  });

  it('ten REST requests: the burst window binds on Starter (5 per 10 s), the minute window on a tiny plan', () => {
    expect(floorMs(10, 'rest', 'starter')).toBe(WINDOW_SPECS.restBurst.periodMs);
    expect(floorMs(5, 'rest', 'starter')).toBe(0);
    expect(floorMs(11, 'rest', 'pro')).toBe(2 * WINDOW_SPECS.restBurst.periodMs);
    // A window of 3 per minute alone: the 4th waits a minute, the 7th two.
    expect(floorStarts([], 7, [{ limit: 3, periodMs: 60_000 }], 0)).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000]);
  });

  it('counts the starts already made: after a restart the next request waits for the window', () => {
    const limits = laneLimits('rest', 'starter');
    expect(floorStarts([1_000, 2_000, 3_000, 4_000, 5_000], 2, limits, 6_000)).toEqual([11_000, 12_000]);
    expect(floorStarts([1_000], 1, limits, 6_000)).toEqual([6_000]);
  });
});
