/**
 * A sliding rate limit over requests: at most `limit` in any trailing `periodMs`, as the service counts them.
 *
 * The service counts a request when it arrives, which the client never sees: somewhere between the request
 * leaving and its answer coming back. So a request is held in the limit from the moment its turn is given
 * (`hold`, before it leaves); once it has left it is counted at the latest time the service can have counted it
 * (`count`, possibly a moment still to come: see tickets.ts), and moved (`recount`) when its answer says
 * more: earlier if the answer comes first, later if its trip outran the margin. It stops counting `periodMs` after the time it counts at.
 */
export class RateLimit {
  private readonly counted: number[] = []; // ascending times at which answered requests count
  private open = 0; // held: given their turn, on their way or not answered yet
  private pausedUntilMs = 0;

  constructor(
    public limit: number,
    readonly periodMs: number,
  ) {}

  get pausedUntil(): number {
    return this.pausedUntilMs;
  }

  /**
   * Earliest time (ms) at which `needed` more requests may be held; a value <= now means now. A request held
   * but not answered never leaves by itself: while the limit is full of those, the answer is +Infinity.
   */
  readyAt(now: number, needed = 1): number {
    this.prune(now);
    let at = this.pausedUntilMs;
    // `leave` of the counted ones must go first; they go oldest first.
    const leave = this.counted.length + this.open + Math.min(needed, this.limit) - this.limit;
    if (leave > 0) {
      const leaving = this.counted[leave - 1];
      at = Math.max(at, leaving === undefined ? Number.POSITIVE_INFINITY : leaving + this.periodMs);
    }
    return at;
  }

  /** A request is given its turn: it is in the limit until it is counted or released. */
  hold(): void {
    this.open++;
  }

  /** A held request that was never sent. */
  release(): void {
    this.open = Math.max(0, this.open - 1);
  }

  /** A held request was answered (or failed) at `at`: from now on it counts at that time. */
  count(at: number): void {
    this.release();
    this.record(at);
  }

  /** A request counted at `from` (the bet made when it left) is answered: it counts at `to` from now on. */
  recount(from: number, to: number): void {
    const i = this.counted.lastIndexOf(from);
    if (i < 0 || to === from) return;
    this.counted.splice(i, 1);
    this.record(to);
  }

  /** A request counted at `at`; one from the past (restored after a restart) goes in its place in time. */
  record(at: number): void {
    let i = this.counted.length;
    while (i > 0 && (this.counted[i - 1] ?? 0) > at) i--;
    this.counted.splice(i, 0, at);
  }

  pause(until: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, until);
  }

  /** Requests in the limit now, held ones included. */
  size(now: number): number {
    this.prune(now);
    return this.counted.length + this.open;
  }

  private prune(now: number): void {
    let expired = 0;
    while (expired < this.counted.length && (this.counted[expired] ?? 0) + this.periodMs <= now) expired++;
    if (expired > 0) this.counted.splice(0, expired);
  }
}
