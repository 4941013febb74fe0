// A task's turn: the tickets it holds in its lane's limits, its run, its end, and what a 429 makes of it.
import { RateLimitWaitTooLong } from './errors';
import type { LaneLimits } from './lanes';
import type { Clock } from './pump';
import type { Pending, PendingQueue } from './queue';
import { type Connections, openTurn, type RequestLog, Ticket } from './tickets';
import type { TransitMargin } from './transit';

export interface TurnContext extends Clock {
  lanes: LaneLimits;
  log: RequestLog;
  /** Tells onLog what the limits hold now (SchedulerOptions.onLog). */
  tell: () => Promise<void>;
  /** Another pass over the queue: something changed that may let a task start. */
  pump: () => void;
  queue: PendingQueue;
  connections: Connections;
  transit: TransitMargin;
  /** Tickets of requests on their way: left, not yet answered. */
  onWire: Set<Ticket>;
  maxRetries: number;
  maxWaitMs: number;
  rateLimitedSeconds: (error: unknown) => number | null;
}

export class Turns {
  /** Tasks started and not yet ended. */
  running = 0;

  constructor(private readonly ctx: TurnContext) {}

  /** Starts the task with the tickets its lane's limits give it; its requests leave from `roomAt` on. */
  start(item: Pending, roomAt: number): void {
    const { ctx } = this;
    const held = Array.from({ length: ctx.lanes.reserve(item) }, () => new Ticket(item.lane, ctx.lanes.of(item.lane)));
    const { turn, end } = openTurn(held, {
      now: ctx.now,
      // A pause after a 429 that came meanwhile is waited out too.
      leaveAt: () => Math.max(roomAt, ctx.lanes.pausedUntil(item.lane)),
      sleep: (ms) => this.sleep(ms, item.signal),
      signal: item.signal,
      log: ctx.log,
      tell: ctx.tell,
      changed: ctx.pump,
      connections: ctx.connections,
      transitMs: () => ctx.transit.current(ctx.now()),
      trip: (ms) => ctx.transit.observe(ctx.now(), ms),
      onWire: ctx.onWire,
      // One more request than the turn was given: it waits for room of its own, at the head of the queue.
      extra: (request) => this.extra(item, request),
    });
    this.running++;
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(item.task(turn));
    } catch (error) {
      result = Promise.reject(error);
    }
    const ended = () => {
      this.running--;
      end();
    };
    result.then(
      (value) => {
        ended();
        item.resolve(value);
      },
      (error: unknown) => {
        ended();
        this.failed(item, error);
      },
    );
  }

  /** Waits `ms`, or less when the signal aborts. */
  private sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    const { setTimer, clearTimer } = this.ctx;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimer(handle);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const handle = setTimer(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** A request beyond those a task's turn held: it waits for room like a task of its own, first in line. */
  private extra<R>(owner: Pending, request: () => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.ctx.queue.add(
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
      this.ctx.pump();
    });
  }

  private failed(item: Pending, error: unknown): void {
    const { ctx } = this;
    const seconds = this.retryAfterOf(error);
    if (seconds === null) {
      item.reject(error);
      return;
    }
    ctx.lanes.pause(item.lane, seconds, ctx.now());
    item.retries++;
    // A request sent beyond its task's turn: the 429 goes to the task, which is retried whole.
    if (!item.retry) item.reject(error);
    else if (seconds * 1000 > ctx.maxWaitMs) item.reject(new RateLimitWaitTooLong(seconds, { cause: error }));
    else if (item.retries > ctx.maxRetries)
      item.reject(new RateLimitWaitTooLong(seconds, { cause: error, retries: ctx.maxRetries }));
    else if (item.signal?.aborted) item.reject(item.signal.reason);
    else {
      ctx.queue.add(item, true);
      ctx.pump();
    }
  }

  /** Retry-After seconds (>= 0) when the error is a 429, else null; a throwing detector means "not a 429". */
  private retryAfterOf(error: unknown): number | null {
    let seconds: number | null;
    try {
      seconds = this.ctx.rateLimitedSeconds(error);
    } catch {
      return null;
    }
    if (seconds === null) return null;
    return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  }
}
