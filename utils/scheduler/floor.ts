import { LANE_LIMITS, type Lane, LIMIT_SPECS, PLAN_RPM, type Plan } from './limits';

/** One rate limit: at most `limit` starts in any trailing `periodMs`. */
export type Limit = { limit: number; periodMs: number };

/** The limits a lane counts against, the plan's requests per minute included (limits.ts holds the numbers). */
export function laneLimits(lane: Lane, plan: Plan): Limit[] {
  return LANE_LIMITS[lane].map((name) =>
    name === 'planRpm' ? { limit: PLAN_RPM[plan], periodMs: LIMIT_SPECS.planRpm.periodMs } : LIMIT_SPECS[name],
  );
}

/**
 * The earliest start times (ms) of `count` more requests when nothing else is sent: each starts as soon as
 * every limit has room, given the starts already made (`previous`, ascending). This is the rate-limit floor:
 * no client can do better without a 429.
 */
export function floorStarts(previous: readonly number[], count: number, limits: readonly Limit[], now: number) {
  const all = [...previous];
  const planned: number[] = [];
  for (let i = 0; i < count; i++) {
    let at = now;
    for (const { limit, periodMs } of limits) {
      // With n starts made, the next needs the one `limit` places back to have stopped counting.
      const leaving = all[all.length - limit];
      if (leaving !== undefined) at = Math.max(at, leaving + periodMs);
    }
    all.push(at);
    planned.push(at);
  }
  return planned;
}

/** The least time from the first to the last of `count` requests on a quiet lane (the bench's floor). */
export function floorMs(count: number, lane: Lane, plan: Plan): number {
  return floorStarts([], count, laneLimits(lane, plan), 0).at(-1) ?? 0;
}
