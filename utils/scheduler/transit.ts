/**
 * The transit margin, learned from the answers: how long after leaving a request has surely reached the service.
 *
 * The service counts a request when it arrives, which the client never sees; its answer's headers come after,
 * so the time from a request's leaving (or, when it queued behind unanswered ones, from the last of their
 * answers) to its own answer is an upper bound of its trip as the browser saw it. On a slow machine those trips
 * grow (at load 8 one request reached the service 400 ms after it left, past the fixed 300 ms, and met a 429),
 * so the margin grows with them: the longest trip of the last minute with a quarter more for the next one being
 * slower still. It is never narrower than the floor, whatever the answers say (a quick trip says nothing of the
 * next one), and never wider than the cap: a trip bound includes the service's work on the request, and a service
 * that takes seconds over each answer would otherwise hold every wave seconds longer than a 429's wait costs.
 */
export class TransitMargin {
  private readonly trips: { at: number; ms: number }[] = [];

  constructor(
    /** The least margin, ms (TRANSIT_MARGIN_MS). */
    readonly floorMs: number,
    /** How long a trip is remembered, ms. */
    private readonly keepMs = 60_000,
    /** The widest margin, ms. */
    private readonly capMs = 1_000,
  ) {}

  /** A request answered at `at` took `ms` from when it could have reached the service to its answer's headers. */
  observe(at: number, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0 || !Number.isFinite(at)) return;
    this.trips.push({ at, ms });
  }

  /** The margin at `now`, ms. */
  current(now: number): number {
    const after = now - this.keepMs;
    while (this.trips.length > 0 && (this.trips[0]?.at ?? 0) <= after) this.trips.shift();
    let longest = 0;
    for (const { ms } of this.trips) longest = Math.max(longest, ms);
    return Math.min(Math.max(this.floorMs, Math.ceil(longest * 1.25)), Math.max(this.floorMs, this.capMs));
  }
}
