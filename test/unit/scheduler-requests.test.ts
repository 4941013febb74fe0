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
 * limits of its lane from its turn, and counted at its answer or the transit margin after it left (the margin
 * learning from its trip), whichever is first (the service counts it at its arrival, in between), plus the clock
 * margin.
 */

let t0 = 0;
const elapsed = () => Date.now() - t0;
const later = <T>(ms: number, value: T) =>
  ms === 0 ? Promise.resolve(value) : new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

function make(options: SchedulerOptions = {}): Scheduler {
  return createScheduler({ now: () => Date.now(), rateLimitedSeconds, limitMarginMs: 100, ...options });
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
    expect(s.inLimits()).toMatchObject({ mcpBurst: 4, planRpm: 4, restBurst: 0 });
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

  it('counts the requests of every lane in the plan limit they share (listing, account, polls, transcripts)', async () => {
    const s = make(); // Free: 60 per minute
    const sent: number[] = [];
    const one = (turn: Turn) => turn.send(async () => sent.push(elapsed()));
    await s.run({ lane: 'rest' }, one); // the channel listing
    await s.run({ lane: 'mcp', requests: 4 }, (turn) => toolCall(turn, sent)); // the account tool
    for (let i = 0; i < 30; i++) await s.run({ lane: 'poll' }, one);
    for (let i = 0; i < 6; i++) await s.run({ lane: 'mcp', requests: 4 }, (turn) => toolCall(turn, sent));
    expect(s.inLimits().planRpm).toBe(1 + 4 + 30 + 24);
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

  it('requests a turn expected and did not send stop countings when the task ends', async () => {
    const s = make();
    await s.run({ lane: 'mcp', requests: 4 }, (turn) => turn.send(async () => 'initialize refused'));
    expect(s.inLimits()).toMatchObject({ mcpBurst: 1, planRpm: 1 });
  });

  it('a task that sends nothing through its turn is counted as one request, when it ends', async () => {
    const s = make();
    const task = s.run({ lane: 'rest' }, () => later(2_000, 'sent some other way'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.inLimits().restBurst).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await task;
    await vi.advanceTimersByTimeAsync(10_099);
    expect(s.inLimits().restBurst).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.inLimits().restBurst).toBe(0);
  });
});

/** A task whose request is noted in `sent` when its turn sends it, and answered `ms` later. */
const answeredAfter = (sent: number[]) => (ms: number) => (turn: Turn) =>
  turn.send(() => {
    sent.push(elapsed());
    return later(ms, 'ok');
  });

describe('the margin between a request leaving and the service counting it', () => {
  // make(): limitMarginMs 100; transitMarginMs is the default TRANSIT_MARGIN_MS (300).
  it('counts a request answered within the transit margin at its answer', async () => {
    const s = make();
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    // Sent at once, answered 200 ms later: the service counted them somewhere in between.
    const first = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, slow(200)));
    const sixth = s.run({ lane: 'rest' }, slow(0));
    await vi.advanceTimersByTimeAsync(10_299);
    expect(sent).toEqual([0, 0, 0, 0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(10_300);
    await Promise.all([...first, sixth]);
  });

  it('counts a request answered after the margin, within the one its trip teaches, at its answer: a bet outrun', async () => {
    // Under load a first wave's request reached the service after leaving + 300 ms; counted there, the sixth
    // left before the service's limit had room and met a 429. Answered at 700 ms (the margin learns 875 ms),
    // each may have arrived just before its answer: the sixth waits until 700 + 10 s + 100 ms.
    const s = make();
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    const first = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, slow(700)));
    const sixth = s.run({ lane: 'rest' }, slow(0));
    await vi.advanceTimersByTimeAsync(10_799);
    expect(sent).toEqual([0, 0, 0, 0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(10_800);
    await Promise.all([...first, sixth]);
  });

  it('counts a request not answered within the margin at leaving + margin, not at its slow answer', async () => {
    // Was "never lets a request not answered yet stop counting": the rule changed (issue 21). The service
    // counts at arrival, which a request past the margin has reached; its answer is only the service's work.
    const s = make();
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    const first = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, slow(15_000)));
    const sixth = s.run({ lane: 'rest' }, slow(0));
    await vi.advanceTimersByTimeAsync(10_399);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(10_400);
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([...first, sixth]);
  });

  it('a request that left while another was unanswered counts the margin after that answer (the service may queue it)', async () => {
    const s = make();
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    // A is answered at 1,000, within the margin its trip teaches (the 1-s cap): it counts then. B left while A was
    // on its way, so the service may have reached it only after A: B counts at 1,300, not at 300. C, D and E are
    // answered at once (they count then, at 0).
    const first = [1_000, 15_000, 0, 0, 0].map((ms) => s.run({ lane: 'rest' }, slow(ms)));
    const next = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, slow(0)));
    await vi.advanceTimersByTimeAsync(10_100);
    expect(sent.slice(5)).toEqual([10_100, 10_100, 10_100]);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.slice(5)).toEqual([10_100, 10_100, 10_100, 11_100]);
    await vi.advanceTimersByTimeAsync(299);
    expect(sent).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(11_400);
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([...first, ...next]);
  });

  it('widens the margin after an answer that took longer than it: a slow machine waits instead of meeting a 429', async () => {
    // A alone, answered 600 ms after it left (the trip bounds its arrival): the margin becomes 750 ms, and A counts
    // at its answer. B leaves alone at 1,000 and is not answered for long: it counts at 1,750, not 1,300. C, D and
    // E are answered at once.
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    const s = make();
    const a = s.run({ lane: 'rest' }, slow(600));
    await vi.advanceTimersByTimeAsync(1_000);
    const b = s.run({ lane: 'rest' }, slow(15_000));
    await vi.advanceTimersByTimeAsync(1_000);
    const rest = [0, 0, 0].map((ms) => s.run({ lane: 'rest' }, slow(ms)));
    // F waits for A (counted at 600), G for B: each at its count + 10 s and 100 ms.
    const next = [0, 0].map((ms) => s.run({ lane: 'rest' }, slow(ms)));
    await vi.advanceTimersByTimeAsync(8_699);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.slice(5)).toEqual([10_700]);
    await vi.advanceTimersByTimeAsync(1_149);
    expect(sent).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(11_850);
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([a, b, ...rest, ...next]);
  });

  it('keeps the 300-ms margin while the answers come within it', async () => {
    const sent: number[] = [];
    const slow = answeredAfter(sent);
    const s = make();
    const a = s.run({ lane: 'rest' }, slow(200));
    await vi.advanceTimersByTimeAsync(1_000);
    const b = s.run({ lane: 'rest' }, slow(15_000));
    await vi.advanceTimersByTimeAsync(1_000);
    const rest = [0, 0, 0].map((ms) => s.run({ lane: 'rest' }, slow(ms)));
    const next = [0, 0].map((ms) => s.run({ lane: 'rest' }, slow(ms)));
    // B counts at 1,300: G goes at 11,400.
    await vi.advanceTimersByTimeAsync(9_399);
    expect(sent).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe(11_400);
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all([a, b, ...rest, ...next]);
  });

  it('holds a request waiting for one of the browser connections: it leaves when one frees', async () => {
    const s = make({ connections: 1 });
    const sent: number[] = [];
    const answers: (() => void)[] = [];
    const open = (turn: Turn) =>
      turn.send(() => {
        sent.push(elapsed());
        return new Promise<void>((resolve) => answers.push(resolve));
      });
    const first = Array.from({ length: 5 }, () => s.run({ lane: 'rest' }, open));
    await vi.advanceTimersByTimeAsync(1_000);
    // The first is answered at 1,000: a trip the margin learns (to its 1-s cap), so it counts then. The second
    // could only leave then, and bets with that margin: it counts at 2,000.
    answers[0]?.();
    const more = Array.from({ length: 3 }, () => s.run({ lane: 'rest' }, open));
    await vi.advanceTimersByTimeAsync(10_099);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.slice(5)).toEqual([11_100]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.slice(5)).toEqual([11_100, 12_100]);
    // The other three never had a connection: they hold their places, however long.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(7);
    for (const answer of answers.splice(0)) answer();
    await vi.advanceTimersByTimeAsync(0);
    for (const answer of answers.splice(0)) answer();
    await vi.advanceTimersByTimeAsync(20_000);
    for (const answer of answers.splice(0)) answer();
    await Promise.all([...first, ...more]);
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

describe('a resumed or second worker shares the same limits', () => {
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
    // Answered after the 300-ms margin, within the one its trip teaches (625 ms): it counts at its answer.
    expect(logs.at(-1)).toEqual([{ lane: 'rest', at: t0 + 500 }]);
    await vi.advanceTimersByTimeAsync(300);

    // The worker is stopped with four more on their way; the next one is told all five.
    for (let i = 0; i < 4; i++) void s.run({ lane: 'rest' }, (turn) => turn.send(() => new Promise(() => {})));
    await vi.advanceTimersByTimeAsync(0);
    const handed = logs.at(-1) ?? [];
    expect(handed).toHaveLength(5);
    const next = make();
    // Another clock set back a minute meanwhile: a request "from the future" counts now.
    next.restore([...handed, { lane: 'mcp', at: t0 + 60_000 }]);
    const sent: number[] = [];
    const one = (turn: Turn) => turn.send(async () => sent.push(elapsed()));
    const resumed = [next.run({ lane: 'rest' }, one), next.run({ lane: 'rest' }, one)];
    // The answered one counts at 500; the four not answered count from the restore (at 800): the first new one
    // waits for the answered one to leave, the second for one of the four (the clock is at 800 now).
    await vi.advanceTimersByTimeAsync(9_799);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([10_600]);
    await vi.advanceTimersByTimeAsync(299);
    expect(sent).toEqual([10_600]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([10_600, 10_900]);
    await Promise.all(resumed);
    expect(next.inLimits().mcpBurst).toBe(0);
    expect(next.inLimits().planRpm).toBe(8);
  });
});
