import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createScheduler,
  type LoggedRequest,
  type Scheduler,
  type SchedulerOptions,
  type Turn,
} from '../../utils/scheduler';
import { Http429, rateLimitedSeconds } from './scheduler-kit';

/**
 * The scheduler counts HTTP requests, not tasks: each request a task sends through its turn is held in the
 * windows of its lane from the moment it may leave until its answer, and counted at that answer (the latest the
 * service can have counted it), plus the margin.
 */

let t0 = 0;
const elapsed = () => Date.now() - t0;
const later = <T>(ms: number, value: T) =>
  ms === 0 ? Promise.resolve(value) : new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

function make(options: SchedulerOptions = {}): Scheduler {
  return createScheduler({ now: () => Date.now(), rateLimitedSeconds, windowMarginMs: 100, ...options });
}

/** What an MCP tool call does on the stateless server: initialize, initialized, the GET stream, tools/call. */
async function toolCall(turn: Turn, sent: number[], answerMs = 0): Promise<string> {
  for (let i = 0; i < 4; i++) {
    await turn.send(async () => {
      sent.push(elapsed());
      return later(answerMs, 'ok');
    });
  }
  return 'done';
}

beforeEach(() => {
  vi.useFakeTimers();
  t0 = Date.now();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every HTTP request counts', () => {
  it('an MCP tool call counts its initialize, notification and stream requests, not only tools/call', async () => {
    const s = make();
    const sent: number[] = [];
    await s.run({ lane: 'mcp', requests: 4 }, (turn) => toolCall(turn, sent));
    expect(sent).toEqual([0, 0, 0, 0]);
    expect(s.inWindows()).toMatchObject({ mcpBurst: 4, planRpm: 4, restBurst: 0 });
  });

  it('a tool call waits until the MCP burst has room for all of its requests', async () => {
    const s = make();
    s.setPlan('team');
    const sent: number[] = [];
    // 7 calls are 28 requests of the 30 per 10 s; the 8th needs 4 and waits for the first call to leave.
    const calls = Array.from({ length: 8 }, () => s.run({ lane: 'mcp', requests: 4 }, (turn) => toolCall(turn, sent)));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(28);
    await vi.advanceTimersByTimeAsync(10_099);
    expect(sent).toHaveLength(28);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.slice(28)).toEqual([10_100, 10_100, 10_100, 10_100]);
    await Promise.all(calls);
  });

  it('counts the requests of every lane in the plan window they share (listing, account, polls, transcripts)', async () => {
    const s = make(); // Free: 60 per minute
    const sent: number[] = [];
    const one = (turn: Turn) => turn.send(async () => sent.push(elapsed()));
    await s.run({ lane: 'rest' }, one); // the channel listing
    await s.run({ lane: 'mcp', requests: 4 }, (turn) => toolCall(turn, sent)); // the account tool
    for (let i = 0; i < 30; i++) await s.run({ lane: 'poll' }, one);
    for (let i = 0; i < 6; i++) await s.run({ lane: 'mcp', requests: 4 }, (turn) => toolCall(turn, sent));
    expect(s.inWindows().planRpm).toBe(1 + 4 + 30 + 24);
    // One request is left in the minute: the next transcripts request goes, the one after waits a minute.
    const transcripts = [s.run({ lane: 'rest' }, one), s.run({ lane: 'rest' }, one)];
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(60_099);
    expect(sent).toHaveLength(60);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(60_100);
    await Promise.all(transcripts);
  });

  it('a listing and an analysis start count in the REST burst the transcripts requests use', async () => {
    const s = make();
    const sent: Array<[string, number]> = [];
    const one = (label: string) => (turn: Turn) => turn.send(async () => sent.push([label, elapsed()]));
    await s.run({ lane: 'rest' }, one('listing'));
    await s.run({ lane: 'watchStart' }, one('analysis'));
    const batches = Array.from({ length: 4 }, () => s.run({ lane: 'rest' }, one('transcripts')));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map(([label]) => label)).toEqual(['listing', 'analysis', 'transcripts', 'transcripts', 'transcripts']);
    await vi.advanceTimersByTimeAsync(10_100);
    expect(sent.at(-1)).toEqual(['transcripts', 10_100]);
    await Promise.all(batches);
  });

  it('a request beyond those the turn expected waits for room of its own', async () => {
    const s = make();
    const sent: number[] = [];
    for (let i = 0; i < 4; i++) await s.run({ lane: 'rest' }, (turn) => turn.send(async () => sent.push(elapsed())));
    // Expected one request, sends two: the second would be the sixth in the burst.
    const task = s.run({ lane: 'rest' }, async (turn) => {
      await turn.send(async () => sent.push(elapsed()));
      await turn.send(async () => sent.push(elapsed()));
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([0, 0, 0, 0, 0]);
    await vi.advanceTimersByTimeAsync(10_100);
    expect(sent.at(-1)).toBe(10_100);
    await task;
  });

  it('requests a turn expected and did not send leave the windows when the task ends', async () => {
    const s = make();
    await s.run({ lane: 'mcp', requests: 4 }, (turn) => turn.send(async () => 'initialize refused'));
    expect(s.inWindows()).toMatchObject({ mcpBurst: 1, planRpm: 1 });
  });

  it('a task that sends nothing through its turn is counted as one request, when it ends', async () => {
    const s = make();
    const task = s.run({ lane: 'rest' }, () => later(2_000, 'sent some other way'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.inWindows().restBurst).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await task;
    await vi.advanceTimersByTimeAsync(10_099);
    expect(s.inWindows().restBurst).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.inWindows().restBurst).toBe(0);
  });
});

/** A task whose request is noted in `sent` when its turn sends it, and answered `ms` later. */
const answeredAfter = (sent: number[]) => (ms: number) => (turn: Turn) =>
  turn.send(() => {
    sent.push(elapsed());
    return later(ms, 'ok');
  });

describe('the margin between a request leaving and the service counting it', () => {
  it('counts a request at its answer: a slow answer holds its place longer', async () => {
    const s = make();
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    // Sent at once, answered 300 ms later: the service counted them somewhere in between.
    const first = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, slow(300)));
    const sixth = s.run({ lane: 'rest' }, slow(0));
    await vi.advanceTimersByTimeAsync(10_399);
    expect(sent).toEqual([0, 0, 0, 0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(10_400);
    await Promise.all([...first, sixth]);
  });

  it('never lets a request not answered yet leave its window', async () => {
    const s = make();
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    const first = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, slow(15_000)));
    const sixth = s.run({ lane: 'rest' }, slow(0));
    await vi.advanceTimersByTimeAsync(25_099);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(25_100);
    await Promise.all([...first, sixth]);
  });

  it('a request sent late in its turn (after the task read storage) is counted from when it is answered', async () => {
    const s = make();
    const sent: number[] = [];
    // The first five spend 800 ms on their own work before their request leaves; the service counts them then.
    const late = Array.from({ length: 5 }, () =>
      s.run({ lane: 'rest' }, async (turn) => {
        await later(800, null);
        return turn.send(async () => sent.push(elapsed()));
      }),
    );
    const sixth = s.run({ lane: 'rest' }, (turn) => turn.send(async () => sent.push(elapsed())));
    await vi.advanceTimersByTimeAsync(10_899);
    expect(sent).toEqual([800, 800, 800, 800, 800]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(10_900);
    await Promise.all([...late, sixth]);
  });
});

describe('429 that still comes', () => {
  it('a 429 on a request of a tool call pauses the lane for Retry-After and retries the whole call', async () => {
    const s = make();
    const sent: number[] = [];
    let refused = false;
    const call = s.run({ lane: 'mcp', requests: 4 }, async (turn) => {
      for (let i = 0; i < 4; i++) {
        await turn.send(async () => {
          sent.push(elapsed());
          if (i === 3 && !refused) {
            refused = true;
            throw new Http429(2);
          }
        });
      }
      return 'answered';
    });
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(call).resolves.toBe('answered');
    expect(sent).toEqual([0, 0, 0, 0, 2_000, 2_000, 2_000, 2_000]);
  });
});

describe('a resumed or second worker shares the same windows', () => {
  it('logs each request before it leaves and at its answer; another scheduler restored from it waits', async () => {
    const logs: LoggedRequest[][] = [];
    const s = make({ onLog: (requests) => void logs.push([...requests]) });
    let answer: (value: string) => void = () => {};
    const call = s.run({ lane: 'rest' }, (turn) => turn.send(() => new Promise<string>((r) => (answer = r))));
    await vi.advanceTimersByTimeAsync(0);
    // Told before the request left: on its way, not answered.
    expect(logs.at(-1)).toEqual([{ lane: 'rest', at: null }]);
    await vi.advanceTimersByTimeAsync(500);
    answer('ok');
    await call;
    expect(logs.at(-1)).toEqual([{ lane: 'rest', at: t0 + 500 }]);

    // The worker is stopped with four more on their way; the next one is told all five.
    for (let i = 0; i < 4; i++) void s.run({ lane: 'rest' }, (turn) => turn.send(() => new Promise(() => {})));
    await vi.advanceTimersByTimeAsync(0);
    const handed = logs.at(-1) ?? [];
    expect(handed).toHaveLength(5);
    const next = make();
    // Another clock set back a minute meanwhile: a request "from the future" counts now.
    next.restore([...handed, { lane: 'mcp', at: t0 + 60_000 }]);
    const sent: number[] = [];
    const resumed = next.run({ lane: 'rest' }, (turn) => turn.send(async () => sent.push(elapsed())));
    // The four not answered count from the restore (at 500), as the answered one does: it waits for them to leave.
    await vi.advanceTimersByTimeAsync(10_099);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([10_600]);
    await resumed;
    expect(next.inWindows().mcpBurst).toBe(0);
    expect(next.inWindows().planRpm).toBe(7);
  });
});
