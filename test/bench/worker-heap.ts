import type { BrowserContext, Page, Worker } from '@playwright/test';
import { MB, type WorkerMemory, workerMemory } from './cdp';
import { type Figure, figure } from './figures';
import { roomInCache, seed } from './library';
import { benchQueries, generateLibrary } from './library-data';

const VIDEOS = 1000;

/** Opens the library page and waits for its first rows and its search box. */
async function openLibrary(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('.video').first().waitFor({ timeout: 120_000 });
  return page;
}

/** Stops the extension's service worker, as the browser does when it is idle: its heap starts again empty. */
async function stopWorker(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await page.close();
}

/**
 * The worker's heap once the search's aftermath is over: the index's snapshot is written 3 s after its last
 * change (entrypoints/background/library/search-index.ts), and while it is being written the heap holds a copy
 * (one reading caught 187 MB where the settled heap is 125). Read every 2 s from then until it stops falling.
 */
export async function settledHeap(context: BrowserContext): Promise<WorkerMemory> {
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  let memory = await workerMemory(context);
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const next = await workerMemory(context);
    const falling = held(next) < held(memory) - MB;
    memory = next;
    if (!falling) break;
  }
  return memory;
}

/** What the worker holds: its JS heap and the typed arrays' buffers (the index keeps most of itself there). */
export const held = ({ heap, buffers }: WorkerMemory) => heap + (Number.isFinite(buffers) ? buffers : 0);
export const mbOf = (bytes: number) => (bytes / MB).toFixed(1);

/**
 * background.heap_mb_1000_videos: the service worker's JS heap and array buffers (after a forced GC) with a 1,000-video library
 * indexed and one search done, in MB; goal ≤ 80. The worker is stopped first, the library page opened (the
 * library listed, its index not loaded yet: the heap without the index), then one search typed (the index
 * built or loaded from its snapshot: the heap with it); the difference over 1,000 is what the index costs
 * per video, in the note. `seeded`: the library figures already wrote the 1,000 into the cache.
 */
export async function workerHeap(
  context: BrowserContext,
  worker: Worker,
  extensionId: string,
  seeded: boolean,
): Promise<Figure> {
  const url = `chrome-extension://${extensionId}/library.html`;
  const { transcripts, vocab } = generateLibrary(VIDEOS);
  if (!seeded) {
    await roomInCache(context, url);
    await seed(worker, transcripts);
  }
  await stopWorker(context);
  const page = await openLibrary(context, url);
  const listedMemory = await workerMemory(context);
  const listed = held(listedMemory);
  // One of the library figures' queries: a word of the generated library, so the search finds something.
  const word = benchQueries(vocab, transcripts)[0]?.query ?? 'the';
  await page.getByRole('searchbox', { name: 'Search library' }).fill(word);
  await page.getByRole('region', { name: 'Search results' }).waitFor({ timeout: 120_000 });
  const indexedMemory = await settledHeap(context);
  const indexed = held(indexedMemory);
  await page.close();
  const perVideoKb = (indexed - listed) / VIDEOS / 1024;
  const note =
    `${mbOf(listed)} MB with the library listed and no index, ${mbOf(indexed)} MB after one search ("${word}"; ` +
    `JS heap ${mbOf(indexedMemory.heap)} + array buffers ${mbOf(indexedMemory.buffers)}): the index costs ` +
    `${perVideoKb.toFixed(1)} kB per video`;
  console.log(`worker heap: ${note}`);
  const mb = indexed / MB;
  return { ...figure('background.heap_mb_1000_videos', mb, 'MB', '≤ 80', mb <= 80), note };
}
