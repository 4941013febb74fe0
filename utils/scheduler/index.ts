// Every request to the service goes through one scheduler per token: a task gets its turn only when every
// rate-limit window of its lane has room for the HTTP requests it will make, and 429s turn into a pause plus a
// retry. The service counts a request when it arrives, between its leaving and its answer. Each request is
// held in the windows from its turn; from the moment it can have left (fetch called and one of the browser's
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
import { RateLimitWaitTooLong } from './errors';
import {
  isLane,
  LANE_WINDOWS,
  type Lane,
  PLAN_RPM,
  type Plan,
  type Priority,
  WINDOW_SPECS,
  type WindowName,
} from './limits';
import { type Pending, PendingQueue, type Turn } from './queue';
import { Connections, type LoggedRequest, openTurn, RequestLog, Ticket } from './tickets';
import { TransitMargin } from './transit';
import { SlidingWindow } from './window';

export { RateLimitWaitTooLong, WithdrawnBeforeSending } from './errors';
export { LANE_WINDOWS, type Lane, PLAN_RPM, type Plan, type Priority, type WindowName } from './limits';
export type { Turn } from './queue';
export type { LoggedRequest } from './tickets';

/**
 * How long after leaving a request has surely reached the service and been counted there, at the least: a
 * request's trip plus the service's queue in front of it (the local service, one thread busy with the batches
 * before it, under load). Longer when the answers show longer trips (transit.ts).
 */
export const TRANSIT_MARGIN_MS = 300;

/**
 * A task may be given its turn this long before its first request may leave: what it does before sending (a
 * purchase's journal entry and run record, each a storage round trip) is done while it waits, and the request
 * leaves when the windows have room (`Turn.send` waits for that). Given at the moment of room, a bulk run's
 * request left 50 to 350 ms late on a two-core machine, behind the worker's work on the answers before it.
 */
export const LEAD_MS = 250;

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
   * Extra ms a request stays in its windows after the time it counts at: the clocks (the service's ms rounding,
   * a clock slewed by a few ms). Default 100.
   */
  windowMarginMs?: number;
  /**
   * The least time after leaving by which a request has reached the service, in ms: it counts then unless
   * answered first. The margin widens with the trips the answers show (transit.ts). Default TRANSIT_MARGIN_MS.
   */
  transitMarginMs?: number;
  /** Requests the browser has on their way to the service at once (HTTP/1.1: 6 per host). Default 6. */
  connections?: number;
  /**
   * Told the requests in the windows whenever one leaves (awaited before it goes) or is answered: what a
   * restarted worker gives back to its scheduler through restore(), so it shares the same windows.
   */
  onLog?: (requests: readonly LoggedRequest[]) => Promise<void> | void;
}

export interface RunOptions {
  lane: Lane;
  priority?: Priority;
  signal?: AbortSignal;
  /**
   * HTTP requests the task will make (default 1; an MCP tool call makes several). Its turn comes when every
   * window of the lane has room for all of them; one more than that waits for room of its own.
   */
  requests?: number;
  /**
   * The task does work before its first request and sends only through `turn.send`: its turn may come up to
   * LEAD_MS before the windows have room, and `send` waits for the room. Default false (the turn comes with room).
   */
  early?: boolean;
}

export interface SchedulerSnapshot {
  queued: number;
  running: number;
  /** windows paused after a 429 (or pause()), by window name, until this ms time */
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
  /** Pauses every window the lane uses until now + seconds. */
  pause(lane: Lane, seconds: number): void;
  /**
   * Requests another scheduler of this token sent (a worker that was stopped, as its onLog told them): they
   * count in the windows as if this one had sent them. One not answered is counted now; one counted in the
   * future (a clock set back) is counted now too.
   */
  restore(requests: readonly LoggedRequest[]): void;
  snapshot(): SchedulerSnapshot;
  /** Requests in each window now: counted ones within its period, and those held (on their way, unanswered). */
  inWindows(): Record<WindowName, number>;
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const maxRetries = options.maxRetries ?? 5;
  const maxWaitMs = (options.maxWaitSeconds ?? 120) * 1000;
  const rateLimitedSeconds = options.rateLimitedSeconds ?? (() => null);
  const margin = Math.max(0, options.windowMarginMs ?? 100);
  const transit = new TransitMargin(Math.max(0, options.transitMarginMs ?? TRANSIT_MARGIN_MS));
  const connections = new Connections(Math.max(1, options.connections ?? 6));
  const onWire = new Set<Ticket>();

  const windows = {} as Record<WindowName, SlidingWindow>;
  for (const [name, spec] of Object.entries(WINDOW_SPECS) as [WindowName, { limit: number; periodMs: number }][]) {
    windows[name] = new SlidingWindow(spec.limit, spec.periodMs + margin);
  }
  const log = new RequestLog(Math.max(...Object.values(windows).map((w) => w.periodMs)));
  const queue = new PendingQueue();
  let running = 0;
  let timer: unknown;
  let timerAt = Number.POSITIVE_INFINITY;
  let pumping = false;
  let pumpAgain = false;

  const laneWindows = (lane: Lane) => LANE_WINDOWS[lane].map((name) => windows[name]);
  /** Requests a task of the lane may hold at once: what it expects, within the smallest window of the lane. */
  const reserve = (item: Pending) =>
    Math.max(1, Math.min(item.requests, ...laneWindows(item.lane).map((w) => w.limit)));
  const readyAt = (item: Pending, t: number) =>
    Math.max(...laneWindows(item.lane).map((w) => w.readyAt(t, reserve(item))));
  const pausedUntil = (lane: Lane) => Math.max(...laneWindows(lane).map((w) => w.pausedUntil));
  /**
   * A turn may come before its room only when the room it waits for is final: no request still on its way counts
   * early enough to be what frees it, since its answer can move it later (tickets.ts, count) and the room with it.
   */
  const leadable = (lane: Lane, at: number) => {
    const shortest = Math.min(...laneWindows(lane).map((w) => w.periodMs));
    return [...onWire].every((ticket) => ticket.at === null || ticket.at + shortest > at);
  };

  /** Tells onLog what the windows hold now; a failing listener never stops a request. */
  function tell(): Promise<void> {
    if (!options.onLog) return Promise.resolve();
    try {
      return Promise.resolve(options.onLog(log.entries(now()))).catch(() => undefined);
    } catch {
      return Promise.resolve();
    }
  }

  function start(item: Pending, roomAt: number): void {
    const held = Array.from({ length: reserve(item) }, () => new Ticket(item.lane, laneWindows(item.lane)));
    const { turn, end } = openTurn(held, {
      now,
      // A pause after a 429 that came meanwhile is waited out too.
      leaveAt: () => Math.max(roomAt, pausedUntil(item.lane)),
      sleep: (ms) =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimer(handle);
            item.signal?.removeEventListener('abort', done);
            resolve();
          };
          const handle = setTimer(done, ms);
          item.signal?.addEventListener('abort', done, { once: true });
        }),
      signal: item.signal,
      log,
      tell,
      changed: pump,
      connections,
      transitMs: () => transit.current(now()),
      trip: (ms) => transit.observe(now(), ms),
      onWire,
      // One more request than the turn was given: it waits for room of its own, at the head of the queue.
      extra: (request) => extra(item, request),
    });
    running++;
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(item.task(turn));
    } catch (error) {
      result = Promise.reject(error);
    }
    const ended = () => {
      running--;
      end();
    };
    result.then(
      (value) => {
        ended();
        item.resolve(value);
      },
      (error: unknown) => {
        ended();
        failed(item, error);
      },
    );
  }

  /** A request beyond those a task's turn held: it waits for room like a task of its own, first in line. */
  function extra<R>(owner: Pending, request: () => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      queue.add(
        {
          lane: owner.lane,
          priority: owner.priority,
          task: (turn) => turn.send(request),
          resolve: resolve as (value: unknown) => void,
          reject,
          signal: owner.signal,
          retries: 0,
          requests: 1,
          retry: false,
          early: false,
        },
        true,
      );
      pump();
    });
  }

  function failed(item: Pending, error: unknown): void {
    const seconds = retryAfterOf(error);
    if (seconds === null) {
      item.reject(error);
      return;
    }
    pauseLane(item.lane, seconds);
    item.retries++;
    // A request sent beyond its task's turn: the 429 goes to the task, which is retried whole.
    if (!item.retry) item.reject(error);
    else if (seconds * 1000 > maxWaitMs) item.reject(new RateLimitWaitTooLong(seconds, { cause: error }));
    else if (item.retries > maxRetries)
      item.reject(new RateLimitWaitTooLong(seconds, { cause: error, retries: maxRetries }));
    else if (item.signal?.aborted) item.reject(item.signal.reason);
    else {
      queue.add(item, true);
      pump();
    }
  }

  /** Retry-After seconds (>= 0) when the error is a 429, else null; a throwing detector means "not a 429". */
  function retryAfterOf(error: unknown): number | null {
    let seconds: number | null;
    try {
      seconds = rateLimitedSeconds(error);
    } catch {
      return null;
    }
    if (seconds === null) return null;
    return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  }

  function pauseLane(lane: Lane, seconds: number): void {
    const until = now() + Math.max(0, seconds) * 1000;
    for (const w of laneWindows(lane)) w.pause(until);
  }

  // One pass over the queues, interactive first. A lane found blocked stays blocked for the rest of the pass
  // (FIFO within the lane), but other lanes keep going: no head-of-line blocking across lanes.
  function pump(): void {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        pass();
      } while (pumpAgain);
    } finally {
      pumping = false;
    }
  }

  function pass(): void {
    const t = now();
    const blocked = new Map<Lane, number>();
    for (const item of queue.ordered()) {
      if (blocked.has(item.lane)) continue;
      // A pause longer than we are willing to wait fails the request now rather than hanging it.
      const pausedFor = pausedUntil(item.lane) - t;
      if (pausedFor > maxWaitMs) {
        queue.remove(item);
        item.reject(new RateLimitWaitTooLong(Math.ceil(pausedFor / 1000)));
        continue;
      }
      const at = readyAt(item, t);
      const early = item.early && at > t && at - LEAD_MS <= t && leadable(item.lane, at);
      if (at > t && !early) {
        blocked.set(item.lane, item.early && at - LEAD_MS > t ? at - LEAD_MS : at);
        continue;
      }
      queue.remove(item);
      start(item, at);
    }
    schedule(blocked.size > 0 ? Math.min(...blocked.values()) : Number.POSITIVE_INFINITY, t);
  }

  // A single timer for the earliest moment a queued request could start; never one per item.
  function schedule(at: number, t: number): void {
    if (at === Number.POSITIVE_INFINITY) {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      timerAt = at;
      return;
    }
    if (timer !== undefined && timerAt <= at) return; // an earlier wake-up will re-plan
    if (timer !== undefined) clearTimer(timer);
    timerAt = at;
    timer = setTimer(
      () => {
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        pump();
      },
      Math.max(1, Math.ceil(at - t)),
    );
  }

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
        pump();
      });
    },
    setPlan(plan) {
      const rpm = PLAN_RPM[plan];
      if (rpm === undefined) return;
      windows.planRpm.limit = rpm;
      pump();
    },
    pause(lane, seconds) {
      if (!isLane(lane)) return;
      pauseLane(lane, Number.isFinite(seconds) ? seconds : 0);
      pump();
    },
    restore(requests) {
      const t = now();
      for (const { lane, at } of requests) {
        if (!isLane(lane) || (at !== null && !Number.isFinite(at))) continue;
        const counted = at === null ? t : Math.min(at, t);
        for (const w of laneWindows(lane)) w.record(counted);
        log.addRestored({ lane, at: counted });
      }
      pump();
    },
    snapshot() {
      const t = now();
      const paused: Record<string, number> = {};
      for (const [name, w] of Object.entries(windows)) if (w.pausedUntil > t) paused[name] = w.pausedUntil;
      return { queued: queue.size, running, pausedUntil: paused };
    },
    inWindows() {
      const t = now();
      const sizes = {} as Record<WindowName, number>;
      for (const [name, w] of Object.entries(windows) as [WindowName, SlidingWindow][]) sizes[name] = w.size(t);
      return sizes;
    },
  };
}
