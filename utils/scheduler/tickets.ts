import type { Lane } from './limits';
import type { Turn } from './queue';
import type { SlidingWindow } from './window';

/** A request as a restarted worker is told of it: counted at `at`, or sent and not answered yet (`at` null). */
export type LoggedRequest = { lane: Lane; at: number | null };

/**
 * One HTTP request's place in the windows of its lane: held from its turn, sent, then counted at its answer.
 * A ticket never sent is released; one counted leaves each window a period after its answer.
 */
export class Ticket {
  state: 'held' | 'sent' | 'counted' | 'released' = 'held';
  at: number | null = null;

  constructor(
    readonly lane: Lane,
    private readonly windows: readonly SlidingWindow[],
  ) {
    for (const w of windows) w.hold();
  }

  count(at: number): void {
    if (this.state === 'counted' || this.state === 'released') return;
    this.state = 'counted';
    this.at = at;
    for (const w of this.windows) w.count(at);
  }

  release(): void {
    if (this.state !== 'held') return;
    this.state = 'released';
    for (const w of this.windows) w.release();
  }
}

/**
 * The requests a restarted worker must know of: every one sent and not answered, and every one counted within
 * `keepMs` (the longest window and its margin). Pruned as it is read.
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
      .filter((t) => t.state === 'sent' || t.state === 'counted')
      .map((t): LoggedRequest => ({ lane: t.lane, at: t.state === 'sent' ? null : t.at }));
    return [...kept, ...live];
  }
}

export type TurnDeps = {
  now: () => number;
  log: RequestLog;
  /** Tells the log's listener; awaited before a request leaves. */
  tell: () => Promise<void>;
  /** Room may have appeared in the windows. */
  changed: () => void;
  /** A request beyond the tickets the turn holds. */
  extra: <R>(request: () => Promise<R>) => Promise<R>;
};

/**
 * A task's turn over the tickets it was given: each request it sends takes one (logged before it leaves,
 * counted at its answer). `end` when the task ends: the tickets it did not use are released, except that a
 * task that sent nothing through its turn may have sent its request some other way: one is counted then.
 */
export function openTurn(held: Ticket[], deps: TurnDeps): { turn: Turn; end: () => void } {
  const { now, log, tell, changed } = deps;
  let sentAny = false;
  const counted = (ticket: Ticket) => {
    ticket.count(now());
    void tell();
    changed();
  };
  const turn: Turn = {
    async send<R>(request: () => Promise<R>): Promise<R> {
      sentAny = true;
      const ticket = held.shift();
      if (!ticket) return deps.extra(request);
      ticket.state = 'sent';
      log.add(ticket);
      await tell();
      try {
        return await request();
      } finally {
        counted(ticket);
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
