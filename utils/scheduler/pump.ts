// The queue's passes: which waiting task starts now, and one timer for the earliest moment another could.
import { RateLimitWaitTooLong } from './errors';
import type { LaneLimits } from './lanes';
import type { Lane } from './limits';
import type { Pending, PendingQueue } from './queue';
import type { Ticket } from './tickets';

/**
 * A task may be given its turn this long before its first request may leave: what it does before sending (a
 * purchase's journal entry and run record, each a storage round trip) is done while it waits, and the request
 * leaves when the limits have room (`Turn.send` waits for that). Given at the moment of room, a bulk run's
 * request left 50 to 350 ms late on a two-core machine, behind the worker's work on the answers before it.
 */
export const LEAD_MS = 250;

/** The scheduler's time: its ms clock and its timers (fakes in tests). */
export interface Clock {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export interface PumpContext extends Clock {
  queue: PendingQueue;
  lanes: LaneLimits;
  onWire: ReadonlySet<Ticket>;
  maxWaitMs: number;
  /** Gives the task its turn; its requests leave from `roomAt` on. */
  start: (item: Pending, roomAt: number) => void;
}

export class Pump {
  private timer: unknown;
  private timerAt = Number.POSITIVE_INFINITY;
  private pumping = false;
  private again = false;

  constructor(private readonly ctx: PumpContext) {}

  /** One pass over the queue, and another for each change a pass itself made (never nested). */
  readonly run = (): void => {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        this.pass();
      } while (this.again);
    } finally {
      this.pumping = false;
    }
  };

  // One pass over the queues, interactive first. A lane found blocked stays blocked for the rest of the pass
  // (FIFO within the lane), but other lanes keep going: no head-of-line blocking across lanes.
  private pass(): void {
    const { ctx } = this;
    const t = ctx.now();
    const blocked = new Map<Lane, number>();
    for (const item of ctx.queue.ordered()) {
      if (blocked.has(item.lane)) continue;
      // A pause longer than we are willing to wait fails the request now rather than hanging it.
      const pausedFor = ctx.lanes.pausedUntil(item.lane) - t;
      if (pausedFor > ctx.maxWaitMs) {
        ctx.queue.remove(item);
        item.reject(new RateLimitWaitTooLong(Math.ceil(pausedFor / 1000)));
        continue;
      }
      const at = ctx.lanes.readyAt(item, t);
      const early = item.early && at > t && at - LEAD_MS <= t && ctx.lanes.leadable(item.lane, at, ctx.onWire);
      if (at > t && !early) {
        blocked.set(item.lane, item.early && at - LEAD_MS > t ? at - LEAD_MS : at);
        continue;
      }
      ctx.queue.remove(item);
      ctx.start(item, at);
    }
    this.schedule(blocked.size > 0 ? Math.min(...blocked.values()) : Number.POSITIVE_INFINITY, t);
  }

  // A single timer for the earliest moment a queued request could start; never one per item.
  private schedule(at: number, t: number): void {
    const { setTimer, clearTimer } = this.ctx;
    if (at === Number.POSITIVE_INFINITY) {
      if (this.timer !== undefined) clearTimer(this.timer);
      this.timer = undefined;
      this.timerAt = at;
      return;
    }
    if (this.timer !== undefined && this.timerAt <= at) return; // an earlier wake-up will re-plan
    if (this.timer !== undefined) clearTimer(this.timer);
    this.timerAt = at;
    this.timer = setTimer(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.run();
      },
      Math.max(1, Math.ceil(at - t)),
    );
  }
}
