import type { BrowserContext, Worker } from '@playwright/test';
import { seed } from '../library';
import { generateLibrary } from '../library-data';

/**
 * The cache as the faults session finds it: emptied, then filled past the smallest budget the options allow with
 * transcripts saved earlier (least recently used), so every purchase of the session makes the cache evict.
 */

export const FILLERS = 60; // about 5.9 MB of generated 10–60 minute transcripts

/** Empties the extension's cache database (what earlier measurements saved there, kept results included). */
export async function emptyCache(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('transcript-lens-cache');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!db.objectStoreNames.contains('entries')) throw new Error('the background has not opened its cache yet');
    const tx = db.transaction(['entries', 'changes'], 'readwrite');
    // Counted as the extension's own writes are (utils/cache/db.ts), so its library sees this change.
    const changes = tx.objectStore('changes');
    const count = changes.get('count');
    count.onsuccess = () => changes.put(((count.result as number | undefined) ?? 0) + 1, 'count');
    tx.objectStore('entries').clear();
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
}

/** Saved transcripts from before the session (ids `bench000000`…), older than anything it buys. */
export async function seedFillers(worker: Worker): Promise<string[]> {
  const { transcripts } = generateLibrary(FILLERS);
  await seed(worker, transcripts);
  return transcripts.map((t) => t.videoId);
}

/** Sets the cache budget the way the options page does (the background evicts at once when over it). */
export async function setCacheBudget(context: BrowserContext, extensionId: string, megabytes: number): Promise<void> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const reply = await page.evaluate(
    (mb) => chrome.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: mb } }),
    megabytes,
  );
  await page.close();
  if (!reply || typeof reply !== 'object' || !('ok' in reply) || reply.ok !== true) {
    throw new Error(`the cache budget was not set: ${JSON.stringify(reply)}`);
  }
}
