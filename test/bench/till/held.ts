import type { Worker } from '@playwright/test';
import { z } from 'zod';
import type { Ledger } from '../../e2e/support/service';
import { type Item, itemOf, type Step } from './plan';

/**
 * paid.lost: what the ledger says was charged and delivered to the extension, and whether the extension still
 * holds it, read from its cache database (IndexedDB of the extension's origin) by the service worker.
 */

const Held = z.object({
  keys: z.array(z.tuple([z.string(), z.string()])),
  answers: z.array(z.object({ key: z.string(), value: z.array(z.object({ question: z.string() })) })),
});
type Held = z.infer<typeof Held>;

/** Every entry's kind and key, and the questions of every kept answer list. */
export async function heldByExtension(worker: Worker): Promise<Held> {
  const raw = await worker.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('transcript-lens-cache');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('entries', 'readonly').objectStore('entries');
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = store.getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const answers = await new Promise<unknown[]>((resolve, reject) => {
      const request = store.index('kind').getAll('answers');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return { keys, answers };
  });
  return Held.parse(raw);
}

function holds(held: Held, item: Item): boolean {
  const has = (kind: string, test: (key: string) => boolean) => held.keys.some(([k, key]) => k === kind && test(key));
  switch (item.kind) {
    case 'transcript':
      return has('transcript', (key) => key.startsWith(`${item.videoId}:`));
    case 'listing':
      return has('meta', (key) => key.startsWith('channel:') && key.endsWith(`:${item.channelId}`));
    case 'findings':
      return has('meta', (key) => key.startsWith('search:') && key.includes(`:${item.videoId}:`));
    case 'analysis':
      return has('analysis', (key) => key.endsWith(`:${item.videoId}`));
    case 'answer':
      return held.answers.some((list) => list.value.some((entry) => entry.question === item.question));
  }
}

/** Paid items whose answer reached the extension: each charge of a step that delivered, as the item it bought. */
export function deliveredItems(ledger: Ledger, steps: readonly Step[], token: string): Item[] {
  const items = new Map<string, Item>();
  for (const step of steps) {
    if (!step.delivered) continue;
    for (const charge of ledger.charges) {
      if (charge.token !== token || charge.at < step.from || charge.at > step.to) continue;
      const item = itemOf(charge, step);
      if (item) items.set(JSON.stringify(item), item);
    }
  }
  return [...items.values()];
}

/** The delivered items the extension no longer holds. */
export function lostItems(items: readonly Item[], held: Held): Item[] {
  return items.filter((item) => !holds(held, item));
}
