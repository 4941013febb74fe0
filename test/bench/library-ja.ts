import type { BrowserContext, Worker } from '@playwright/test';
import { liveWorker } from '../e2e/support/bulk';
import { forgetTranscripts } from './bulk';
import { type Figure, timed } from './figures';
import { forgetLibrary, openLibrary, seed, untilIndexed } from './library';
import { generateJapaneseLibrary, JA_QUERIES } from './library-data-ja';
import { clockSearches, searchInBox } from './library-search';

/** What the library page can reach of the extension API (a page script sees `chrome` without types here). */
type Extension = { chrome?: { runtime: { sendMessage(message: object): Promise<unknown> } } };

/**
 * library.search_ms_1000_videos_ja: the library with 1,000 saved Japanese transcripts of 10–60 minutes
 * (library-data-ja.ts, seeded straight into the cache and indexed by the page's first open), each query typed
 * into "Search library": median over the queries, one sample each, from the page sending the query to its
 * results laid out. Each result is checked: the first result's video holds the meant words, or nothing is
 * found. Run after the English library (it replaces it) with BENCH_ONLY=library-ja.
 */
export async function libraryJaFigures(
  context: BrowserContext,
  earlier: Worker,
  extensionId: string,
): Promise<Figure[]> {
  const url = `chrome-extension://${extensionId}/library.html`;
  await forgetTranscripts(earlier);
  await forgetLibrary(context);
  const worker = await liveWorker(context);
  const setup = await context.newPage();
  await setup.goto(url);
  await setup.evaluate(() =>
    (globalThis as Extension).chrome?.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: 1000 } }),
  );
  await setup.close();
  const transcripts = generateJapaneseLibrary(1000);
  await seed(worker, transcripts);
  const texts = new Map(transcripts.map((t) => [t.videoId, `${t.title} ${t.text}`]));
  const [page] = await openLibrary(context, url, 120_000);
  const indexedAt = await untilIndexed(page);
  console.log(`library-ja: indexed at ${indexedAt.toFixed(0)} ms`);
  await clockSearches(page);
  const check = async (query: string, meant: readonly string[], timeout?: number) => {
    const searched = await searchInBox(page, query, timeout);
    const first = searched.videos[0];
    const held = first !== undefined && meant.every((w) => texts.get(first)?.includes(w));
    if (meant.length === 0 ? !searched.nothing : !held) {
      throw new Error(`library search (ja) "${query}": ${searched.nothing ? 'nothing found' : `first ${first}`}`);
    }
    return searched.searchMs;
  };
  // The first search after indexing reads the index in: not a sample of a search a person repeats.
  await check('東京', ['東京'], 120_000);
  const samples: number[] = [];
  for (const q of JA_QUERIES) samples.push(await check(q.query, q.meant));
  await page.close();
  console.log(`library-ja: search ms ${samples.map((ms) => ms.toFixed(1))}`);
  return [timed('library.search_ms_1000_videos_ja', samples, 'ms', '≤ 30', (m) => m <= 30)];
}
