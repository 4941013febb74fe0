// Every request to the service goes through one scheduler per token: it starts a request only when every
// rate-limit window of its lane has room, and turns 429s into a pause plus a retry.
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
import { type Pending, PendingQueue } from './queue';
import { SlidingWindow } from './window';

export { RateLimitWaitTooLong } from './errors';
export { LANE_WINDOWS, type Lane, PLAN_RPM, type Plan, type Priority, type WindowName } from './limits';

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
   * Extra ms a start is held in its windows, so that network jitter (the service counts arrivals, we count
   * sends) does not turn a just-freed slot into a 429. Default 400: on a busy two-core laptop a request was
   * measured reaching the service 120 ms after it was sent, and a 429 costs the whole window again.
   */
  windowMarginMs?: number;
}

export interface RunOptions {
  lane: Lane;
  priority?: Priority;
  signal?: AbortSignal;
}

export interface SchedulerSnapshot {
  queued: number;
  running: number;
  /** windows paused after a 429 (or pause()), by window name, until this ms time */
  pausedUntil: Record<string, number>;
}

export interface Scheduler {
  run<T>(opts: RunOptions, task: () => Promise<T>): Promise<T>;
  /** Sets the plan's requests per minute; 'free' (60/min) is assumed until this is called. */
  setPlan(plan: Plan): void;
  /** Pauses every window the lane uses until now + seconds. */
  pause(lane: Lane, seconds: number): void;
  /**
   * Requests of the lane that started this many ms ago somewhere this scheduler did not see (a worker that
   * was stopped): they count in the windows as if it had, so the next ones keep to the limits.
   */
  seed(lane: Lane, agesMs: readonly number[]): void;
  snapshot(): SchedulerSnapshot;
}

export function createScheduler(options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const maxRetries = options.maxRetries ?? 5;
  const maxWaitMs = (options.maxWaitSeconds ?? 120) * 1000;
  const rateLimitedSeconds = options.rateLimitedSeconds ?? (() => null);
  const margin = Math.max(0, options.windowMarginMs ?? 400);

  const windows = {} as Record<WindowName, SlidingWindow>;
  for (const [name, spec] of Object.entries(WINDOW_SPECS) as [WindowName, { limit: number; periodMs: number }][]) {
    windows[name] = new SlidingWindow(spec.limit, spec.periodMs + margin);
  }
  const queue = new PendingQueue();
  let running = 0;
  let timer: unknown;
  let timerAt = Number.POSITIVE_INFINITY;
  let pumping = false;
  let pumpAgain = false;

  const laneWindows = (lane: Lane) => LANE_WINDOWS[lane].map((name) => windows[name]);
  const readyAt = (lane: Lane, t: number) => Math.max(...laneWindows(lane).map((w) => w.readyAt(t)));
  const pausedUntil = (lane: Lane) => Math.max(...laneWindows(lane).map((w) => w.pausedUntil));

  function start(item: Pending, t: number): void {
    for (const w of laneWindows(item.lane)) w.record(t);
    running++;
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(item.task());
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      (value) => {
        running--;
        item.resolve(value);
      },
      (error: unknown) => {
        running--;
        failed(item, error);
      },
    );
  }

  function failed(item: Pending, error: unknown): void {
    const seconds = retryAfterOf(error);
    if (seconds === null) {
      item.reject(error);
      return;
    }
    pauseLane(item.lane, seconds);
    item.retries++;
    if (seconds * 1000 > maxWaitMs) item.reject(new RateLimitWaitTooLong(seconds, { cause: error }));
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
      const at = readyAt(item.lane, t);
      if (at > t) {
        blocked.set(item.lane, at);
        continue;
      }
      queue.remove(item);
      start(item, t);
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
    run<T>(opts: RunOptions, task: () => Promise<T>): Promise<T> {
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
    seed(lane, agesMs) {
      if (!isLane(lane)) return;
      const t = now();
      for (const age of agesMs)
        if (Number.isFinite(age) && age >= 0) for (const w of laneWindows(lane)) w.record(t - age);
      pump();
    },
    snapshot() {
      const t = now();
      const paused: Record<string, number> = {};
      for (const [name, w] of Object.entries(windows)) if (w.pausedUntil > t) paused[name] = w.pausedUntil;
      return { queued: queue.size, running, pausedUntil: paused };
    },
  };
}
