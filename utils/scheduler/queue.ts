import type { Lane, Priority } from './limits';

/** What a task is given with its turn: each HTTP request it makes goes through `send` (see index.ts). */
export interface Turn {
  send<R>(request: () => Promise<R>): Promise<R>;
}

export interface Pending {
  lane: Lane;
  priority: Priority;
  task: (turn: Turn) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  retries: number;
  /** HTTP requests the task is expected to make: its turn comes when the limits have room for all of them. */
  requests: number;
  /** false for one request sent beyond a task's expected ones: a 429 goes back to the task, which is retried whole. */
  retry: boolean;
  /** Its turn may come before the limits have room (RunOptions.early); its requests wait for the room. */
  early: boolean;
}

/**
 * Requests waiting to start: interactive before background, FIFO within a priority. An aborted request
 * leaves the queue and rejects with the abort reason; once started, aborting is the task's own business.
 */
export class PendingQueue {
  private readonly lists: Record<Priority, Pending[]> = { interactive: [], background: [] };
  private readonly abortListeners = new Map<Pending, () => void>();

  get size(): number {
    return this.lists.interactive.length + this.lists.background.length;
  }

  /** `front`: a retried request goes back to the head of its priority, it has waited already. */
  add(item: Pending, front = false): void {
    const list = this.lists[item.priority];
    if (front) list.unshift(item);
    else list.push(item);
    const signal = item.signal;
    if (signal) {
      const onAbort = () => {
        if (this.remove(item)) item.reject(signal.reason);
      };
      this.abortListeners.set(item, onAbort);
      signal.addEventListener('abort', onAbort, { once: true });
    }
  }

  remove(item: Pending): boolean {
    const list = this.lists[item.priority];
    const index = list.indexOf(item);
    if (index < 0) return false;
    list.splice(index, 1);
    const onAbort = this.abortListeners.get(item);
    if (onAbort) {
      item.signal?.removeEventListener('abort', onAbort);
      this.abortListeners.delete(item);
    }
    return true;
  }

  /** A copy in start order, so callers may remove items while walking it. */
  ordered(): Pending[] {
    return [...this.lists.interactive, ...this.lists.background];
  }
}
