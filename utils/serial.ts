/**
 * Runs async tasks one at a time, in call order. For read-modify-write on one storage item, where two
 * writers interleaving would lose one of the writes.
 */
export function createSerial(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}
