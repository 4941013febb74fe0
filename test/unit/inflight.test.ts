import { describe, expect, it, vi } from 'vitest';
import { createInflight } from '../../utils/inflight';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createInflight', () => {
  it('starts once for 10 concurrent joins and gives every caller the result', async () => {
    const inflight = createInflight();
    const gate = deferred<{ id: string }>();
    const start = vi.fn(() => gate.promise);
    const calls = Array.from({ length: 10 }, () => inflight.join('dQw4w9WgXcQ:en', start));
    expect(start).toHaveBeenCalledTimes(1);
    expect(inflight.size()).toBe(1);
    gate.resolve({ id: 'dQw4w9WgXcQ' });
    const results = await Promise.all(calls);
    expect(results).toHaveLength(10);
    for (const result of results) expect(result).toEqual({ id: 'dQw4w9WgXcQ' });
    expect(inflight.size()).toBe(0);
  });

  it('starts afresh after the shared call succeeded', async () => {
    const inflight = createInflight();
    let n = 0;
    const start = vi.fn(async () => ++n);
    await expect(inflight.join('k', start)).resolves.toBe(1);
    await expect(inflight.join('k', start)).resolves.toBe(2);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('shares a failure with every joined caller, then clears it so the next call retries', async () => {
    const inflight = createInflight();
    const gate = deferred<string>();
    const failing = vi.fn(() => gate.promise);
    const calls = Array.from({ length: 3 }, () => inflight.join('job:42', failing));
    const boom = new Error('fetch_failed');
    gate.reject(boom);
    for (const call of calls) await expect(call).rejects.toBe(boom);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(inflight.size()).toBe(0);
    const retry = vi.fn(async () => 'ok');
    await expect(inflight.join('job:42', retry)).resolves.toBe('ok');
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps different keys apart', async () => {
    const inflight = createInflight();
    const a = inflight.join('a', async () => 'A');
    const b = inflight.join('b', async () => 'B');
    expect(inflight.size()).toBe(2);
    await expect(Promise.all([a, b])).resolves.toEqual(['A', 'B']);
  });

  it('turns a synchronous throw into a shared rejection and clears it', async () => {
    const inflight = createInflight();
    const boom = new Error('sync');
    const start = vi.fn((): Promise<never> => {
      throw boom;
    });
    const first = inflight.join('k', start);
    const second = inflight.join('k', start);
    await expect(first).rejects.toBe(boom);
    await expect(second).rejects.toBe(boom);
    expect(start).toHaveBeenCalledTimes(1);
    expect(inflight.size()).toBe(0);
  });
});
