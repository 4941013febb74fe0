// Joins identical requests already in flight (across tabs asking for the same video), so the service is
// asked, and the user charged, once. Nothing is remembered after settling: caching is the cache's job.

export interface Inflight {
  /** Runs `start` unless a call with this key is still running, in which case its promise is shared. */
  join<T>(key: string, start: () => Promise<T>): Promise<T>;
  /** Calls currently running. */
  size(): number;
}

export function createInflight(): Inflight {
  const running = new Map<string, Promise<unknown>>();
  return {
    join<T>(key: string, start: () => Promise<T>): Promise<T> {
      const existing = running.get(key);
      if (existing) return existing as Promise<T>;
      let started: Promise<T>;
      try {
        started = Promise.resolve(start());
      } catch (error) {
        started = Promise.reject(error);
      }
      // Dropped on success and on failure alike, so a failed lookup can be retried by the next caller.
      const shared = started.finally(() => {
        if (running.get(key) === shared) running.delete(key);
      });
      running.set(key, shared);
      return shared;
    },
    size: () => running.size,
  };
}
