/**
 * The rate-limit floor worked out from the spec's Limits alone (no product code): the least time from the
 * first to the last of `count` requests when each starts as soon as every window has room. A window allows
 * `limit` starts in any `periodMs`, so a start waits for the one `limit` places back to leave it.
 */
export type SpecWindow = { limit: number; periodMs: number };

/** What a transcript request counts against on Starter: the REST burst (5 per 10 s) and 200 per minute. */
export const STARTER_TRANSCRIPTS: readonly SpecWindow[] = [
  { limit: 5, periodMs: 10_000 },
  { limit: 200, periodMs: 60_000 },
];

export function specFloorMs(count: number, windows: readonly SpecWindow[]): number {
  const starts: number[] = [];
  for (let n = 0; n < count; n++) {
    starts.push(Math.max(0, ...windows.map((w) => (starts[n - w.limit] ?? Number.NEGATIVE_INFINITY) + w.periodMs)));
  }
  return starts.at(-1) ?? 0;
}
