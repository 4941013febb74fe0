import { LANE_LIMITS, type Lane, LIMIT_SPECS, type LimitName } from './limits';
import type { Pending } from './queue';
import { RateLimit } from './rate-limit';
import type { Ticket } from './tickets';

/** The scheduler's rate limits, by name, and what each lane may do in the limits it uses. */
export class LaneLimits {
  readonly byName = {} as Record<LimitName, RateLimit>;

  /** `marginMs`: extra ms a request stays in its limits after the time it counts at (SchedulerOptions). */
  constructor(marginMs: number) {
    for (const [name, spec] of Object.entries(LIMIT_SPECS) as [LimitName, { limit: number; periodMs: number }][]) {
      this.byName[name] = new RateLimit(spec.limit, spec.periodMs + marginMs);
    }
  }

  of(lane: Lane): RateLimit[] {
    return LANE_LIMITS[lane].map((name) => this.byName[name]);
  }

  longestPeriodMs(): number {
    return Math.max(...Object.values(this.byName).map((w) => w.periodMs));
  }

  /** Requests a task of the lane may hold at once: what it expects, within the smallest limit of the lane. */
  reserve(item: Pick<Pending, 'lane' | 'requests'>): number {
    return Math.max(1, Math.min(item.requests, ...this.of(item.lane).map((w) => w.limit)));
  }

  readyAt(item: Pick<Pending, 'lane' | 'requests'>, t: number): number {
    return Math.max(...this.of(item.lane).map((w) => w.readyAt(t, this.reserve(item))));
  }

  pausedUntil(lane: Lane): number {
    return Math.max(...this.of(lane).map((w) => w.pausedUntil));
  }

  /** Pauses every limit the lane uses for `seconds` from `t` (ms). */
  pause(lane: Lane, seconds: number, t: number): void {
    const until = t + Math.max(0, seconds) * 1000;
    for (const w of this.of(lane)) w.pause(until);
  }

  /**
   * A turn may come before its room only when the room it waits for is final: no request still on its way counts
   * early enough to be what frees it, since its answer can move it later (tickets.ts, count) and the room with it.
   */
  leadable(lane: Lane, at: number, onWire: ReadonlySet<Ticket>): boolean {
    const shortest = Math.min(...this.of(lane).map((w) => w.periodMs));
    return [...onWire].every((ticket) => ticket.at === null || ticket.at + shortest > at);
  }

  /** Limits paused past `t`, by name, until when. */
  pausedAfter(t: number): Record<string, number> {
    const paused: Record<string, number> = {};
    for (const [name, w] of Object.entries(this.byName)) if (w.pausedUntil > t) paused[name] = w.pausedUntil;
    return paused;
  }

  sizes(t: number): Record<LimitName, number> {
    const sizes = {} as Record<LimitName, number>;
    for (const [name, w] of Object.entries(this.byName) as [LimitName, RateLimit][]) sizes[name] = w.size(t);
    return sizes;
  }
}
