import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** A JS heap after a forced garbage collection: the isolate's used bytes. */
async function usageAfterGc(call: (method: string) => Promise<unknown>): Promise<WorkerMemory> {
  // Twice: the first collection can leave objects that only a second one frees (weak callbacks, finalizers).
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const usage = (await call('Runtime.getHeapUsage')) as { usedSize?: unknown; backingStorageSize?: unknown };
  return {
    heap: typeof usage.usedSize === 'number' ? usage.usedSize : Number.NaN,
    buffers: typeof usage.backingStorageSize === 'number' ? usage.backingStorageSize : Number.NaN,
  };
}

const usedAfterGc = async (call: (method: string) => Promise<unknown>) => (await usageAfterGc(call)).heap;

/**
 * The JS heap, and the ArrayBuffers' backing stores outside it (typed arrays: the library's search index keeps
 * its postings and passage text there), in bytes; buffers NaN when the browser does not report them.
 */
export type WorkerMemory = { heap: number; buffers: number };

/**
 * The JS heap of a page's renderer isolate after a forced GC, in bytes. A content script's isolated world
 * lives in the page's isolate: this is the page's heap and the content script's together.
 */
export async function pageHeapBytes(cdp: CDPSession): Promise<number> {
  return usedAfterGc((method) => cdp.send(method as 'Runtime.getHeapUsage'));
}

/**
 * A CDP session on the extension's service worker. Playwright opens CDP sessions on pages only: the worker is
 * reached through a page's session, attached to its target without flattening, each command and its answer
 * wrapped in Target.sendMessageToTarget / receivedMessageFromTarget. `close` detaches and closes the page.
 */
export type WorkerSession = { call: (method: string, params?: object) => Promise<unknown>; close: () => Promise<void> };

export async function workerSession(context: BrowserContext): Promise<WorkerSession> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
  if (!worker) {
    await cdp.detach();
    await page.close();
    throw new Error('no service worker to measure');
  }
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  let lastId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++lastId;
      const onMessage = (event: { sessionId?: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const answer = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
        if (answer.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', onMessage);
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve(answer.result);
      };
      cdp.on('Target.receivedMessageFromTarget', onMessage);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  const close = async () => {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    await cdp.detach();
    await page.close();
  };
  return { call, close };
}

/** The extension's service worker's JS heap after a forced GC, in bytes (see workerSession). */
export async function workerMemory(context: BrowserContext): Promise<WorkerMemory> {
  const session = await workerSession(context);
  try {
    return await usageAfterGc((method) => session.call(method));
  } finally {
    await session.close();
  }
}

export const MB = 1024 * 1024;

/**
 * Samples the worker's JS heap and array buffers (no forced GC: what it holds at that moment) every 250 ms
 * until `stop`, which returns the largest sum seen, in bytes; `split` says what it was made of.
 */
export async function workerPeak(
  context: BrowserContext,
): Promise<{ stop: () => Promise<number>; split: () => WorkerMemory }> {
  const session = await workerSession(context);
  let peak = 0;
  let split: WorkerMemory = { heap: 0, buffers: 0 };
  let going = true;
  const sampling = (async () => {
    while (going) {
      // A worker that stopped answers nothing: a sample waits 2 s at most.
      const quiet = new Promise((resolve) => setTimeout(resolve, 2_000, {}));
      const usage = (await Promise.race([session.call('Runtime.getHeapUsage').catch(() => ({})), quiet])) as {
        usedSize?: number;
        backingStorageSize?: number;
      };
      const [heap, buffers] = [usage.usedSize ?? 0, usage.backingStorageSize ?? 0];
      if (heap + buffers > peak) [peak, split] = [heap + buffers, { heap, buffers }];
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const stop = async () => {
    going = false;
    await sampling;
    await session.close();
    return peak;
  };
  return { stop, split: () => split };
}
