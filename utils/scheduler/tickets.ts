import { WithdrawnBeforeSending } from './errors';
import type { Lane } from './limits';
import type { Turn } from './queue';
import type { RateLimit } from './rate-limit';

/** A request as a restarted worker is told of it: counted at `at`, or sent and not answered yet (`at` null). */
export type LoggedRequest = { lane: Lane; at: number | null };

/**
 * One HTTP request's place in the limits of its lane: held from its turn, sent, then counted when it has left
 * (at the latest time the service can have counted it, see index.ts), and counted again at its answer.
 * A ticket never sent is released; one counted stops counting in each limit a period after the time it counts at.
 */
export class Ticket {
  /**
   * sent: waiting for a connection; left: on its way, counted at `at` (maybe still to come) unless answered
   * first, or, with `at` null, queued behind requests the service has not answered yet (still held).
   */
  state: 'held' | 'sent' | 'left' | 'counted' | 'released' = 'held';
  at: number | null = null;
  /** When it could reach the service at the earliest, so far: its leaving, then each answer it queued behind. */
  private from: number | null = null;
  private readonly answerListeners: ((at: number) => void)[] = [];

  constructor(
    readonly lane: Lane,
    private readonly limits: readonly RateLimit[],
  ) {
    for (const w of limits) w.hold();
  }

  /**
   * It has left at `now`: it counts `transitMs` later (when the service has surely counted it) unless its answer
   * comes first. Requests still unanswered when it left (`ahead`) may hold it in the service's queue: then it
   * counts `transitMs` after the last of their answers (or its own answer), and stays held until then.
   */
  leave(now: number, transitMs: number, ahead: readonly Ticket[] = []): void {
    if (this.state !== 'sent') return;
    this.state = 'left';
    this.from = now;
    const waiting = ahead.filter((t) => t !== this && t.state === 'left');
    if (waiting.length === 0) {
      this.countBy(now + transitMs);
      return;
    }
    let pending = waiting.length;
    let last = now;
    for (const t of waiting)
      t.answerListeners.push((at) => {
        last = Math.max(last, at);
        if (this.state === 'left') this.from = Math.max(this.from ?? at, at);
        if (--pending === 0 && this.state === 'left' && this.at === null) this.countBy(last + transitMs);
      });
  }

  private countBy(by: number): void {
    this.at = by;
    for (const w of this.limits) w.count(by);
  }

  /**
   * Answered at `at`, after it left: ms from the earliest it could reach the service (its leaving, or the last
   * answer of those it queued behind) to its answer, an upper bound of its trip the transit margin learns from.
   */
  tripTo(at: number): number | null {
    return this.state === 'left' && this.from !== null ? Math.max(0, at - this.from) : null;
  }

  /**
   * Answered (or failed) at `at`. One that left counts at its answer if that is within `transitMs` (the margin,
   * which has learned this trip) of when it could reach the service: such a trip may have been all transit (kept
   * at the bet made when it left, an outrun margin let the next request meet a 429). A longer trip is the
   * service's work: it counts the margin after, or at the bet if that is later.
   */
  count(at: number, transitMs = 0): void {
    if (this.state === 'left') {
      const bet = this.at;
      const latest = this.from === null ? at : Math.max(bet ?? this.from, this.from + transitMs);
      const by = Math.min(at, latest);
      if (bet === null) this.countBy(by);
      else if (by !== bet) for (const w of this.limits) w.recount(bet, by);
      this.state = 'counted';
      this.at = by;
      for (const listener of this.answerListeners.splice(0)) listener(at);
      return;
    }
    if (this.state === 'counted' || this.state === 'released') return;
    this.state = 'counted';
    this.at = at;
    for (const w of this.limits) w.count(at);
    for (const listener of this.answerListeners.splice(0)) listener(at);
  }

  release(): void {
    if (this.state !== 'held') return;
    this.state = 'released';
    for (const w of this.limits) w.release();
  }
}

/**
 * The browser's connections to the service: over HTTP/1.1 Chromium opens at most 6 per host, and a request
 * beyond them waits in the browser after `fetch` is called. So a request has left only once fewer than
 * `limit` of the others are unanswered; until then it stays held. (A connection is busy until the body is
 * read, a little after the answer's headers that free it here: the transit margin covers that.)
 */
export class Connections {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** `left` runs when the request can have left: now, or when a connection frees. Returns its `done`. */
  enter(left: () => void): () => void {
    let state: 'waiting' | 'busy' | 'done' = 'waiting';
    const go = () => {
      state = 'busy';
      this.busy++;
      left();
    };
    if (this.busy < this.limit) go();
    else this.waiting.push(go);
    return () => {
      if (state === 'done') return;
      if (state === 'waiting') {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
      } else {
        this.busy--;
        this.waiting.shift()?.();
      }
      state = 'done';
    };
  }
}

/**
 * The requests a restarted worker must know of: every one sent and not answered, and every one counted within
 * `keepMs` (the longest limit and its margin). Pruned as it is read.
 */
export class RequestLog {
  private readonly tickets = new Set<Ticket>();
  private readonly restored: LoggedRequest[] = [];

  constructor(private readonly keepMs: number) {}

  add(ticket: Ticket): void {
    this.tickets.add(ticket);
  }

  addRestored(entry: { lane: Lane; at: number }): void {
    this.restored.push(entry);
  }

  entries(now: number): LoggedRequest[] {
    const after = now - this.keepMs;
    for (const t of this.tickets) if (t.state === 'counted' && (t.at ?? 0) <= after) this.tickets.delete(t);
    const kept = this.restored.filter((e) => (e.at ?? 0) > after);
    this.restored.splice(0, this.restored.length, ...kept);
    const live = [...this.tickets]
      .filter((t) => t.state === 'sent' || t.state === 'left' || t.state === 'counted')
      // One on its way is logged unanswered: a restarted worker counts it when it restores it.
      .map((t): LoggedRequest => ({ lane: t.lane, at: t.state === 'counted' ? t.at : null }));
    return [...kept, ...live];
  }
}

export type TurnDeps = {
  now: () => number;
  /** When its requests may leave: a turn given ahead of its room (index.ts, LEAD_MS) waits in `send` till then. */
  leaveAt: () => number;
  /** Resolves after `ms`, or at once when the task's signal aborts. */
  sleep: (ms: number) => Promise<void>;
  /** The task's signal: it withdraws a request still waiting for its room (nothing was sent). */
  signal?: AbortSignal | undefined;
  log: RequestLog;
  /** Tells the log's listener; awaited before a request leaves. */
  tell: () => Promise<void>;
  /** Room may have appeared in the limits. */
  changed: () => void;
  /** A request beyond the tickets the turn holds. */
  extra: <R>(request: () => Promise<R>) => Promise<R>;
  connections: Connections;
  /** ms from a request leaving to the latest moment the service counts it now (index.ts, transit.ts). */
  transitMs: () => number;
  /** A request's trip, leaving (or the answers it queued behind) to its answer: what the margin learns from. */
  trip: (ms: number) => void;
  /** Requests that have left and are not answered yet, every lane's (one service): a new one may queue behind them. */
  onWire: Set<Ticket>;
};

/**
 * A task's turn over the tickets it was given: each request it sends takes one (logged before it leaves,
 * counted `transitMs` after it can have left, or after the requests it may queue behind at the service were
 * answered, or at its answer if that comes first). `end` when the task ends: the tickets it did not use are released, except that a
 * task that sent nothing through its turn may have sent its request some other way: one is counted then.
 */
export function openTurn(held: Ticket[], deps: TurnDeps): { turn: Turn; end: () => void } {
  const { now, log, tell, changed } = deps;
  let sentAny = false;
  const counted = (ticket: Ticket, transitMs?: number) => {
    ticket.count(now(), transitMs);
    void tell();
    changed();
  };
  const turn: Turn = {
    async send<R>(request: () => Promise<R>): Promise<R> {
      sentAny = true;
      for (let wait = deps.leaveAt() - now(); wait > 0; wait = deps.leaveAt() - now()) {
        if (deps.signal?.aborted) throw new WithdrawnBeforeSending();
        await deps.sleep(wait);
        if (deps.signal?.aborted) throw new WithdrawnBeforeSending();
      }
      const ticket = held.shift();
      if (!ticket) return deps.extra(request);
      ticket.state = 'sent';
      log.add(ticket);
      await tell();
      const done = deps.connections.enter(() => {
        ticket.leave(now(), deps.transitMs(), [...deps.onWire]);
        deps.onWire.add(ticket);
        changed();
      });
      let answered = false;
      try {
        const answer = await request();
        answered = true;
        return answer;
      } finally {
        // Only an answer bounds the trip: a request that failed on its way says nothing of when it arrived. The
        // margin learns it before the connection frees, so the request waiting for that connection bets with it.
        const trip = answered ? ticket.tripTo(now()) : null;
        if (trip !== null) deps.trip(trip);
        done();
        deps.onWire.delete(ticket);
        counted(ticket, deps.transitMs());
      }
    },
  };
  const end = () => {
    const first = sentAny ? undefined : held.shift();
    for (const ticket of held.splice(0)) ticket.release();
    if (first) {
      log.add(first);
      counted(first);
    } else changed();
  };
  return { turn, end };
}
