import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createScheduler,
  type Lane,
  LEAD_MS,
  type Priority,
  RateLimitWaitTooLong,
  type Scheduler,
  type SchedulerOptions,
  WithdrawnBeforeSending,
} from '../../utils/scheduler';
import { Http429, rateLimitedSeconds } from './scheduler-kit';

let t0 = 0;
const elapsed = () => Date.now() - t0;

function make(options: SchedulerOptions = {}): Scheduler {
  return createScheduler({ now: () => Date.now(), limitMarginMs: 0, rateLimitedSeconds, ...options });
}

/** Queues `count` requests; each records (label, ms since t0) when it starts. */
function fire(s: Scheduler, lane: Lane, count: number, starts: Array<[string, number]>, priority?: Priority) {
  return Array.from({ length: count }, (_, i) =>
    s.run({ lane, priority }, async () => {
      starts.push([`${lane}${priority ? `-${priority}` : ''}#${i}`, elapsed()]);
      return i;
    }),
  );
}

const times = (starts: Array<[string, number]>) => starts.map(([, t]) => t);

beforeEach(() => {
  vi.useFakeTimers();
  t0 = Date.now();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sliding rate limits', () => {
  it('starts 5 REST requests at once and holds the 6th until the first leaves the 10 s limit', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    const all = fire(s, 'rest', 6, starts);
    expect(times(starts)).toEqual([0, 0, 0, 0, 0]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(starts).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(times(starts)).toEqual([0, 0, 0, 0, 0, 10_000]);
    await expect(Promise.all(all)).resolves.toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('counts requests another worker made (restored from its log): the next ones keep to the limits', async () => {
    const s = make();
    // Three REST requests answered 8, 7 and 2 s ago in a worker that was stopped since.
    s.restore([
      { lane: 'rest', at: t0 - 8_000 },
      { lane: 'rest', at: t0 - 2_000 },
      { lane: 'rest', at: t0 - 7_000 },
    ]);
    const starts: Array<[string, number]> = [];
    const all = fire(s, 'rest', 4, starts);
    expect(times(starts)).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(times(starts)).toEqual([0, 0, 2_000]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times(starts)).toEqual([0, 0, 2_000, 3_000]);
    await Promise.all(all);
  });

  it('by default keeps a request in its limit a little longer than its period, for clocks', async () => {
    const s = make({ limitMarginMs: undefined });
    const starts: Array<[string, number]> = [];
    fire(s, 'rest', 6, starts);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(99);
    expect(starts).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(times(starts).at(-1)).toBe(10_100);
  });

  it('limits polls to 30 per 10 s and keeps them out of the REST burst', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'poll', 32, starts);
    expect(starts).toHaveLength(30);
    fire(s, 'rest', 5, starts);
    expect(starts).toHaveLength(35); // REST burst untouched by the polls
    expect(s.snapshot().queued).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts.filter(([label]) => label.startsWith('poll'))).toHaveLength(32);
    expect(s.snapshot().queued).toBe(0);
  });

  it('allows 10 analysis starts per minute, shared by REST and MCP', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'watchStart', 5, starts);
    fire(s, 'mcpAnalyze', 6, starts);
    expect(starts).toHaveLength(10);
    fire(s, 'mcp', 1, starts); // the MCP burst itself still has room
    expect(starts).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(starts).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.at(-1)).toEqual(['mcpAnalyze#5', 60_000]);
  });

  it('counts analysis starts against the REST burst as well', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'watchStart', 12, starts);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times(starts)).toEqual([0, 0, 0, 0, 0, 10_000, 10_000, 10_000, 10_000, 10_000, 60_000, 60_000]);
  });

  it('holds every lane to the plan requests per minute (Free 60 until the plan is known)', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'mcp', 30, starts);
    fire(s, 'poll', 30, starts);
    fire(s, 'rest', 1, starts);
    expect(starts).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(starts).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts.at(-1)).toEqual(['rest#0', 60_000]);
  });

  it('raises the requests per minute when the plan changes', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'mcp', 30, starts);
    fire(s, 'poll', 30, starts);
    fire(s, 'rest', 1, starts);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toHaveLength(60);
    s.setPlan('starter');
    expect(starts.at(-1)).toEqual(['rest#0', 1_000]);
  });
});

describe('ordering', () => {
  it('starts a queued interactive request before queued background ones, FIFO within a priority', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'rest', 5, starts);
    fire(s, 'rest', 3, starts, 'background');
    fire(s, 'rest', 2, starts, 'interactive');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts.slice(5).map(([label]) => label)).toEqual([
      'rest-interactive#0',
      'rest-interactive#1',
      'rest-background#0',
      'rest-background#1',
      'rest-background#2',
    ]);
  });

  it('does not let a lane waiting on a full limit block other lanes', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'rest', 8, starts); // 3 wait on the REST burst
    fire(s, 'poll', 2, starts, 'background');
    fire(s, 'mcp', 2, starts, 'background');
    expect(starts.map(([label]) => label).slice(5)).toEqual([
      'poll-background#0',
      'poll-background#1',
      'mcp-background#0',
      'mcp-background#1',
    ]);
    expect(s.snapshot()).toMatchObject({ queued: 3 });
  });

  it('waits with a single timer however many requests are queued', async () => {
    const setTimer = vi.fn((fn: () => void, ms: number) => setTimeout(fn, ms));
    const s = make({ setTimer });
    const starts: Array<[string, number]> = [];
    fire(s, 'rest', 50, starts);
    fire(s, 'watchStart', 20, starts);
    // The five started are held until they are answered; then the wait for the first to leave is planned.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    expect(setTimer).toHaveBeenCalledTimes(1);
    expect(setTimer).toHaveBeenLastCalledWith(expect.any(Function), 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe('429 and errors', () => {
  it('pauses the lane for Retry-After, retries, and resolves with the later success', async () => {
    const s = make();
    const attempts: number[] = [];
    const result = s.run({ lane: 'rest' }, async () => {
      attempts.push(elapsed());
      if (attempts.length === 1) throw new Http429(3);
      return 'ok';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.snapshot().pausedUntil).toEqual({ restBurst: t0 + 3_000, planRpm: t0 + 3_000 });
    const starts: Array<[string, number]> = [];
    fire(s, 'rest', 1, starts); // queued behind the retry while paused
    expect(starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(result).resolves.toBe('ok');
    expect(attempts).toEqual([0, 3_000]);
    expect(starts).toEqual([['rest#0', 3_000]]);
    expect(s.snapshot().pausedUntil).toEqual({});
  });

  it('puts a retried request back at the head of its priority, ahead of requests queued before the 429', async () => {
    const s = make();
    const order: string[] = [];
    fire(s, 'rest', 4, []);
    let failFirst: (error: Error) => void = () => {};
    const retried = s.run({ lane: 'rest', priority: 'background' }, () => {
      order.push('retried');
      if (order.length > 1) return Promise.resolve();
      return new Promise<void>((_, reject) => {
        failFirst = reject;
      });
    });
    const later = s.run({ lane: 'rest', priority: 'background' }, async () => {
      order.push('later');
    });
    failFirst(new Http429(1));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all([retried, later]);
    expect(order).toEqual(['retried', 'retried', 'later']);
  });

  it('rejects with RateLimitWaitTooLong when Retry-After exceeds maxWaitSeconds, and fails fast while paused', async () => {
    const s = make({ maxWaitSeconds: 60 });
    const task = vi.fn(async () => {
      throw new Http429(300);
    });
    const result = s.run({ lane: 'rest' }, task);
    await expect(result).rejects.toBeInstanceOf(RateLimitWaitTooLong);
    await expect(result).rejects.toMatchObject({ retryAfterSeconds: 300 });
    expect(task).toHaveBeenCalledTimes(1);
    // The plan limit is shared, so the service's 300 s pause reaches every lane: no point queueing for it.
    const next = s.run({ lane: 'poll' }, async () => 'never');
    await expect(next).rejects.toMatchObject({ name: 'RateLimitWaitTooLong', retryAfterSeconds: 300 });
  });

  it('gives up after maxRetries 429s', async () => {
    const s = make({ maxRetries: 2 });
    const task = vi.fn(async () => {
      throw new Http429(1);
    });
    const result = s.run({ lane: 'mcp' }, task);
    const settled = expect(result).rejects.toBeInstanceOf(RateLimitWaitTooLong);
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('passes other errors through unchanged without pausing', async () => {
    const s = make();
    const boom = new Error('boom');
    await expect(s.run({ lane: 'rest' }, () => Promise.reject(boom))).rejects.toBe(boom);
    const syncThrow = new TypeError('sync');
    await expect(
      s.run({ lane: 'rest' }, () => {
        throw syncThrow;
      }),
    ).rejects.toBe(syncThrow);
    expect(s.snapshot()).toEqual({ queued: 0, running: 0, pausedUntil: {} });
  });

  it('pause() holds the lane limits (the plan limit is shared by all lanes)', async () => {
    const s = make();
    s.pause('mcp', 5);
    expect(s.snapshot().pausedUntil).toEqual({ mcpBurst: t0 + 5_000, planRpm: t0 + 5_000 });
    const starts: Array<[string, number]> = [];
    fire(s, 'mcp', 1, starts);
    fire(s, 'rest', 1, starts);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times(starts)).toEqual([5_000, 5_000]);
  });
});

describe('abort and bookkeeping', () => {
  it('removes an aborted queued request and rejects with the abort reason', async () => {
    const s = make();
    fire(s, 'rest', 5, []);
    const controller = new AbortController();
    const task = vi.fn(async () => 'never');
    const result = s.run({ lane: 'rest', signal: controller.signal }, task);
    expect(s.snapshot().queued).toBe(1);
    const reason = new Error('navigated away');
    controller.abort(reason);
    await expect(result).rejects.toBe(reason);
    expect(s.snapshot().queued).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(task).not.toHaveBeenCalled();
  });

  it('rejects at once when the signal is already aborted', async () => {
    const s = make();
    const task = vi.fn(async () => 'never');
    const result = s.run({ lane: 'poll', signal: AbortSignal.abort() }, task);
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(task).not.toHaveBeenCalled();
  });

  it('aborting while waiting out a 429 cancels the retry', async () => {
    const s = make();
    const controller = new AbortController();
    const task = vi.fn(async () => {
      throw new Http429(10);
    });
    const result = s.run({ lane: 'rest', signal: controller.signal }, task);
    const settled = expect(result).rejects.toBe('stop');
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort('stop');
    await settled;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('reports queued and running counts', async () => {
    const s = make();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: 7 }, () => s.run({ lane: 'rest' }, () => gate));
    expect(s.snapshot()).toEqual({ queued: 2, running: 5, pausedUntil: {} });
    release();
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(held);
    expect(s.snapshot()).toEqual({ queued: 0, running: 0, pausedUntil: {} });
  });

  it('rejects an unknown lane', async () => {
    const s = make();
    await expect(s.run({ lane: 'ftp' as Lane }, async () => 1)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('early turns (a task that prepares before it sends)', () => {
  /** Queues `count` early tasks; each records when its turn came and when its request left (turn.send). */
  function fireEarly(s: Scheduler, count: number, turns: number[], sent: number[], answer = async () => 'ok') {
    return Array.from({ length: count }, () =>
      s.run({ lane: 'rest', early: true }, async (turn) => {
        turns.push(elapsed());
        return turn.send(async () => {
          sent.push(elapsed());
          return answer();
        });
      }),
    );
  }

  it('gives the turn LEAD_MS before the room, and the request leaves when the room comes', async () => {
    const s = make();
    const turns: number[] = [];
    const sent: number[] = [];
    const all = fireEarly(s, 6, turns, sent);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([0, 0, 0, 0, 0]);
    await vi.advanceTimersByTimeAsync(10_000 - LEAD_MS);
    expect(turns).toEqual([0, 0, 0, 0, 0, 10_000 - LEAD_MS]);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(LEAD_MS - 1);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([0, 0, 0, 0, 0, 10_000]);
    await expect(Promise.all(all)).resolves.toHaveLength(6);
  });

  it('a task that is not early still gets its turn only with the room', async () => {
    const s = make();
    const starts: Array<[string, number]> = [];
    fire(s, 'rest', 6, starts);
    await vi.advanceTimersByTimeAsync(10_000 - LEAD_MS);
    expect(starts).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(LEAD_MS);
    expect(times(starts)).toEqual([0, 0, 0, 0, 0, 10_000]);
  });

  it('no early turn while the room waits on a request still on its way (its answer can move the room later)', async () => {
    const s = make({ transitMarginMs: 300 });
    const turns: number[] = [];
    const sent: number[] = [];
    const gate: { open: () => void } = { open: () => undefined };
    const unanswered = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    // Five requests that leave at 0 and are not answered: each counts at 300 ms, a bet its answer may move.
    fireEarly(s, 5, turns, sent, async () => {
      await unanswered;
      return 'ok';
    });
    const sixth = fireEarly(s, 1, turns, sent);
    await vi.advanceTimersByTimeAsync(10_300 - LEAD_MS);
    expect(turns).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(LEAD_MS);
    expect(turns).toEqual([0, 0, 0, 0, 0, 10_300]);
    expect(sent.at(-1)).toBe(10_300);
    gate.open();
    await expect(Promise.all(sixth)).resolves.toEqual(['ok']);
  });

  it('waits out a pause that came after its early turn (a 429 meanwhile)', async () => {
    const s = make();
    const turns: number[] = [];
    const sent: number[] = [];
    fireEarly(s, 6, turns, sent);
    await vi.advanceTimersByTimeAsync(10_000 - LEAD_MS + 10);
    expect(turns).toHaveLength(6);
    s.pause('rest', 1);
    await vi.advanceTimersByTimeAsync(LEAD_MS);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.at(-1)).toBe(10_000 - LEAD_MS + 10 + 1_000);
  });
});

describe('an early turn withdrawn before its room', () => {
  it('its signal withdraws the request while it waits: it is never sent, and the next one keeps its own room', async () => {
    const s = make();
    const sent: number[] = [];
    const go = (signal?: AbortSignal) =>
      s.run({ lane: 'rest', early: true, ...(signal && { signal }) }, (turn) =>
        turn.send(async () => {
          sent.push(elapsed());
          return 'ok';
        }),
      );
    for (let i = 0; i < 5; i++) void go();
    const controller = new AbortController();
    const withdrawn = go(controller.signal);
    const seventh = go();
    await vi.advanceTimersByTimeAsync(10_000 - LEAD_MS + 10);
    controller.abort();
    await expect(withdrawn).rejects.toBeInstanceOf(WithdrawnBeforeSending);
    await vi.advanceTimersByTimeAsync(LEAD_MS);
    // Only the seventh left at 10 s: the withdrawn one never did.
    await expect(seventh).resolves.toBe('ok');
    expect(sent).toEqual([0, 0, 0, 0, 0, 10_000]);
  });
});
