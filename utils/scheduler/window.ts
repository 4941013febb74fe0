/**
 * A sliding window over request starts: at most `limit` starts in any trailing `periodMs`.
 * A start at time t occupies the window until t + periodMs (exclusive).
 */
export class SlidingWindow {
  private readonly starts: number[] = []; // ascending start times
  private pausedUntilMs = 0;

  constructor(
    public limit: number,
    readonly periodMs: number,
  ) {}

  get pausedUntil(): number {
    return this.pausedUntilMs;
  }

  /** Earliest time (ms) at which one more request may start; a value <= now means it may start now. */
  readyAt(now: number): number {
    this.prune(now);
    let at = this.pausedUntilMs;
    // With n starts in the window, room appears when the (n - limit + 1)-th oldest leaves.
    const excess = this.starts.length - this.limit;
    if (excess >= 0) {
      const leaving = this.starts[excess];
      if (leaving !== undefined) at = Math.max(at, leaving + this.periodMs);
    }
    return at;
  }

  /** A start at `at`; one from the past (seeded after a restart) goes in its place in time. */
  record(at: number): void {
    let i = this.starts.length;
    while (i > 0 && (this.starts[i - 1] ?? 0) > at) i--;
    this.starts.splice(i, 0, at);
  }

  pause(until: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, until);
  }

  count(now: number): number {
    this.prune(now);
    return this.starts.length;
  }

  private prune(now: number): void {
    let expired = 0;
    while (expired < this.starts.length && (this.starts[expired] ?? 0) + this.periodMs <= now) expired++;
    if (expired > 0) this.starts.splice(0, expired);
  }
}
