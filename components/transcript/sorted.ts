/**
 * In numbers sorted upwards, the index of the last of the first `count` that is at or below `value`; -1 when none
 * is. O(log n): the cue playing at a time, the row under a scroll offset.
 */
export function lastAtOrBelow(sorted: ArrayLike<number>, value: number, count = sorted.length): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
