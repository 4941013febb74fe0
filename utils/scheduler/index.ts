// Every request to the service goes through one scheduler per token: a task gets its turn only when every
// rate limit of its lane has room for the HTTP requests it will make, and 429s turn into a pause plus a
// retry. The service counts a request when it arrives, between its leaving and its answer. Each request is
// held in the limits from its turn; from the moment it can have left (fetch called and one of the browser's
// connections free, tickets.ts Connections) it counts at leaving + transitMarginMs until its answer's headers
// come, then at the earlier of the answer and leaving + the margin as it has learned that trip: a trip the margin
// covers may have been all transit (counted at the bet, one reached a loaded service after it and the next
// request met a 429). Counting at the answer alone would add the service's work on the request (and the worker's
// own busy time) to every wait: a wave of 50-transcript batches answered over ~0.5 s pushed the next wave back by
// as much. A request that leaves while others are unanswered may wait in the service's queue behind them, so it
// counts transitMarginMs after the last of their answers instead (or at its own answer): five batches sent at once
// reach a busy service one after another, the fifth a second after it left on a loaded machine. The margin is the
// bet, so it is learned (transit.ts): never under transitMarginMs, and wider while the answers show longer trips
// (a slow machine); a request that still reaches the service later than that can meet a 429, which is honoured
// (Retry-After) and free.
import { LaneLimits } from './lanes';
import { isLane, type Lane, type LimitName, PLAN_RPM, type Plan, type Priority } from './limits';
import { Pump } from './pump';
import { PendingQueue, type Turn } from './queue';
import { Connections, type LoggedRequest, RequestLog, type Ticket } from './tickets';
import { TransitMargin } from './transit';
import { Turns } from './turns';

export { RateLimitWaitTooLong, WithdrawnBeforeSending } from './errors';
export { LANE_LIMITS, type Lane, type LimitName, PLAN_RPM, type Plan, type Priority } from './limits';
export { LEAD_MS } from './pump';
export type { Turn } from './queue';
export type { LoggedRequest } from './tickets';

/**
 * How long after leaving a request has surely reached the service and been counted there, at the least: a
 * request's trip plus the service's queue in front of it (the local service, one thread busy with the batches
 * before it, under load). Longer when the answers show longer trips (transit.ts).
 */
export const TRANSIT_MARGIN_MS = 300;

export interface SchedulerOptions {
  /** ms clock, default Date.now */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** 429 retries per request, default 5 */
  maxRetries?: number;
  /** a Retry-After longer than this is surfaced instead of waited out, default 120 */
  maxWaitSeconds?: number;
  /** Retry-After seconds if `error` is a 429, else null. Default: nothing is a 429. */
  rateLimitedSeconds?: (error: unknown) => number | null;
  /**
   * Extra ms a request stays in its limits after the time it counts at: the clocks (the service's ms rounding,
   * a clock slewed by a few ms). Default 100.
   */
  limitMarginMs?: number;
  /**
   * The least time after leaving by which a request has reached the service, in ms: it counts then unless
   * answered first. The margin widens with the trips the answers show (transit.ts). Default TRANSIT_MARGIN_MS.
   */
  transitMarginMs?: number;
  /** Requests the browser has on their way to the service at once (HTTP/1.1: 6 per host). Default 6. */
  connections?: number;
  /**
   * Told the requests in the limits whenever one leaves (awaited before it goes) or is answered: what a
   * restarted worker gives back to its scheduler through restore(), so it shares the same limits.
   */
  onLog?: (requests: readonly LoggedRequest[]) => Promise<void> | void;
}

export interface RunOptions {
  lane: Lane;
  priority?: Priority;
  signal?: AbortSignal;
  /**
   * HTTP requests the task will make (default 1; an MCP tool call makes several). Its turn comes when every
   * limit of the lane has room for all of them; one more than that waits for room of its own.
   */
  requests?: number;
  /**
   * The task does work before its first request and sends only through `turn.send`: its turn may come up to
   * LEAD_MS before the limits have room, and `send` waits for the room. Default false (the turn comes with room).
   */
  early?: boolean;
}

export interface SchedulerSnapshot {
  queued: number;
  running: number;
  /** limits paused after a 429 (or pause()), by limit name, until this ms time */
  pausedUntil: Record<string, number>;
}

export interface Scheduler {
  /**
   * Runs the task in its turn. Each HTTP request it makes goes through `turn.send`, which counts it; a task
   * that sends nothing through its turn is counted as one request answered when the task ends.
   */
  run<T>(opts: RunOptions, task: (turn: Turn) => Promise<T>): Promise<T>;
  /** Sets the plan's requests per minute; 'free' (60/min) is assumed until this is called. */
  setPlan(plan: Plan): void;
  /** Pauses every limit the lane uses until now + seconds. */
  pause(lane: Lane, seconds: number): void;
  /**
   * Requests another scheduler of this token sent (a worker that was stopped, as its onLog told them): they
   * count in the limits as if this one had sent them. One not answered is counted now; one counted in the
   * future (a clock set back) is counted now too.
   */
  restore(requests: readonly LoggedRequest[]): void;
  snapshot(): SchedulerSnapshot;
  /** Requests in each limit now: counted ones within its period, and those held (on their way, unanswered). */
  inLimits(): Record<LimitName, number>;
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const maxWaitMs = (options.maxWaitSeconds ?? 120) * 1000;
  const lanes = new LaneLimits(Math.max(0, options.limitMarginMs ?? 100));
  const log = new RequestLog(lanes.longestPeriodMs());
  const queue = new PendingQueue();
  const onWire = new Set<Ticket>();

  /** Tells onLog what the limits hold now; a failing listener never stops a request. */
  function tell(): Promise<void> {
    if (!options.onLog) return Promise.resolve();
    try {
      return Promise.resolve(options.onLog(log.entries(now()))).catch(() => undefined);
    } catch {
      return Promise.resolve();
    }
  }

  const turns = new Turns({
    now,
    setTimer,
    clearTimer,
    lanes,
    log,
    tell,
    pump: () => pump.run(),
    queue,
    connections: new Connections(Math.max(1, options.connections ?? 6)),
    transit: new TransitMargin(Math.max(0, options.transitMarginMs ?? TRANSIT_MARGIN_MS)),
    onWire,
    maxRetries: options.maxRetries ?? 5,
    maxWaitMs,
    rateLimitedSeconds: options.rateLimitedSeconds ?? (() => null),
  });
  const pump = new Pump({
    now,
    setTimer,
    clearTimer,
    queue,
    lanes,
    onWire,
    maxWaitMs,
    start: (item, roomAt) => turns.start(item, roomAt),
  });

  return {
    run<T>(opts: RunOptions, task: (turn: Turn) => Promise<T>): Promise<T> {
      const { lane, signal } = opts;
      if (!isLane(lane)) return Promise.reject(new TypeError(`Unknown scheduler lane: ${String(lane)}`));
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        queue.add({
          lane,
          priority: opts.priority === 'background' ? 'background' : 'interactive',
          task,
          resolve: resolve as (value: unknown) => void,
          reject,
          signal,
          retries: 0,
          requests: Number.isFinite(opts.requests) ? Math.max(1, Math.floor(opts.requests ?? 1)) : 1,
          retry: true,
          early: opts.early === true,
        });
        pump.run();
      });
    },
    setPlan(plan) {
      const rpm = PLAN_RPM[plan];
      if (rpm === undefined) return;
      lanes.byName.planRpm.limit = rpm;
      pump.run();
    },
    pause(lane, seconds) {
      if (!isLane(lane)) return;
      lanes.pause(lane, Number.isFinite(seconds) ? seconds : 0, now());
      pump.run();
    },
    restore(requests) {
      const t = now();
      for (const { lane, at } of requests) {
        if (!isLane(lane) || (at !== null && !Number.isFinite(at))) continue;
        const counted = at === null ? t : Math.min(at, t);
        for (const w of lanes.of(lane)) w.record(counted);
        log.addRestored({ lane, at: counted });
      }
      pump.run();
    },
    snapshot: () => ({ queued: queue.size, running: turns.running, pausedUntil: lanes.pausedAfter(now()) }),
    inLimits: () => lanes.sizes(now()),
  };
}
