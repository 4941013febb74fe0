import { readFileSync } from 'node:fs';
import type { Worker } from '@playwright/test';

/** The helpers' source (./worker-idb-global.js), evaluated in the worker as it is. */
const SOURCE = readFileSync(new URL('./worker-idb-global.js', import.meta.url), 'utf8');

/** What ./worker-idb-global.js puts in the worker's global scope. */
export type BenchIdb = {
  result<T>(request: IDBRequest<T>): Promise<T>;
  open(name: string): Promise<IDBDatabase>;
  openIfThere(name: string): Promise<IDBDatabase | null>;
  counted(db: IDBDatabase): IDBTransaction;
  done(tx: IDBTransaction): Promise<unknown>;
  drop(name: string): Promise<unknown>;
};
/** The worker's global scope with them, for the callbacks: `(globalThis as unknown as IdbWorld).__tlBenchIdb`. */
export type IdbWorld = typeof globalThis & { __tlBenchIdb: BenchIdb };

/**
 * Runs `callback(arg)` in the extension's service worker with the IndexedDB helpers in its global scope: the
 * bench's reads and writes of the extension's databases, each helper written once (issue 42).
 */
export async function withIdb<Arg, R>(
  worker: Pick<Worker, 'evaluate'>,
  callback: (arg: Arg) => Promise<R>,
  arg: Arg,
): Promise<R> {
  await worker.evaluate(SOURCE);
  return (await worker.evaluate(callback as (arg: unknown) => Promise<unknown>, arg)) as R;
}
