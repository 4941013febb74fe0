import type { Worker } from '@playwright/test';
import { launchTestBrowser } from '../e2e/support/browser';
import { buildProduction, buildTestExtension, PRODUCTION_DIR, ROOT } from '../e2e/support/build';
import { liveWorker } from '../e2e/support/bulk';
import { configureExtension, startTestService } from '../e2e/support/service';
import { bulkFigures } from './bulk';
import { contentScriptFigures } from './content-size';
import { type Figure, probed, report, superseded } from './figures';
import { closeLeftPages } from './leftovers';
import { libraryFigures } from './library';
import { libraryJaFigures } from './library-ja';
import { machineAtEnd, machineAtStart } from './machine';
import { pageCost } from './page-cost';
import { pageHeapGrowth } from './page-heap';
import { pageFigures, panelFigures } from './panel';
import { scaleFigures } from './scale';
import { hostileSchemaMs } from './schema-walk';
import { speedProbeMs } from './speed-probe';
import { dedupe, polling, spendMinimality } from './spend';
import { tillFigures } from './till/index';
import { spendUnconsented } from './unconsented';
import { workerHeap } from './worker-heap';

/**
 * `npm run bench`: what users feel and what they pay, measured in Chromium against the local service.
 * BENCH_ONLY=library measures only the library (=library-heap: and then the worker's heap with its full index;
 * =library-ja: its search over 1,000 Japanese transcripts), =bulk only bulk runs, =spend only what is spent and kept (spend.*, paid.lost, mcp.hostile_schema_ms);
 * =page only what a YouTube page and the worker carry (panel.page_cost_ms, panel.heap_growth_mb_200_navigations,
 * panel.observer_ms_per_s, panel.time_to_cached_transcript_ms, background.heap_mb_1000_videos);
 * =panel only the transcript tab's (transcript.*); =scale the library's curve at 1,000, 3,000 and 10,000 videos
 * (scale.ts: heap, first open, open, search, export); the report then holds only those. Stages joined by "+" run
 * in the full run's order in one profile (=bulk+library; dedupe and polling, which run only in a full run, can
 * be named there too). Timing figures are medians
 * of at least five samples, min and max beside them (figures.ts); the report names the machine (machine.ts), and
 * each figure the speed probe taken before and after its stage.
 */
async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const stages = new Set(only?.split('+'));
  /** Whether the stage runs: every stage without BENCH_ONLY, else those it names. */
  const runs = (...names: string[]) => !only || names.some((name) => stages.has(name));
  const machine = machineAtStart();
  console.log(`bench: on ${machine.summary}`);
  buildProduction();
  buildTestExtension();
  const service = await startTestService();
  const { context, extensionId } = await launchTestBrowser();
  let figures: Figure[] = only ? [] : contentScriptFigures(PRODUCTION_DIR);
  // The faults session stops the worker: every measurement asks for the one running now.
  const fresh = async (token = 'demo-pro'): Promise<Worker> => {
    // What the measurement before left open closes first: a person does not keep dozens of tabs the bench
    // opened (spend.unconsented's synthetic clicks on every control open ~20 library pages, one per click on the
    // panel's Library button), and open extension pages share the extension's renderer with the library's opens.
    const left = await closeLeftPages(context);
    if (left) console.log(`bench: closed what the measurement before left open: ${left}`);
    // Each measurement starts with no jobs and no known balances; each uses its own videos, so the
    // transcript cache of an earlier one cannot help it.
    const worker = await liveWorker(context);
    await worker.evaluate(() => chrome.storage.local.clear());
    await configureExtension(worker, service.url, token);
    return worker;
  };
  // Each stage's figures carry the speed probe taken around it (figures.ts): the machine next to every figure.
  const stage = async (measure: () => Promise<Figure | Figure[]>) =>
    figures.push(
      ...(await probed(
        async () => [await measure()].flat(),
        () => speedProbeMs(),
      )),
    );
  if (runs('spend')) {
    await stage(async () => spendUnconsented(context, await fresh(), service));
    await stage(async () => spendMinimality(context, await fresh(), service));
    await fresh();
    await stage(() => tillFigures(context, service, extensionId));
    // A hostile MCP server's schema must not stall the worker that holds every purchase.
    await stage(async () => hostileSchemaMs());
  }
  if (runs('dedupe')) {
    await fresh();
    await stage(() => dedupe(context, service));
  }
  if (runs('panel')) {
    await fresh('demo-team');
    await stage(() => panelFigures(context, service));
  }
  if (runs('polling')) {
    await fresh();
    await stage(() => polling(context, service));
  }
  if (runs('page')) {
    await fresh();
    await stage(() => pageFigures(context, service));
    await fresh();
    // The panel's cost in a browser of its own with no driver attached (page-cost.ts); the heap in the bench's.
    await stage(async () => [...(await pageCost(service)), await pageHeapGrowth(context, service)]);
  }
  if (runs('bulk')) await stage(() => bulkFigures(context, () => fresh('demo-starter'), service));
  // Last: it fills the cache with 1,000 transcripts.
  const library = runs('library', 'library-heap');
  if (library) await stage(async () => libraryFigures(context, await fresh(), extensionId));
  // After the library figures, it measures the library they seeded (its index complete); alone, it seeds its own.
  if (runs('page', 'library-heap')) {
    await stage(async () => workerHeap(context, await fresh(), extensionId, library));
  }
  // After the heap: it replaces the English library with 1,000 Japanese transcripts.
  if (runs('library-ja')) await stage(async () => libraryJaFigures(context, await fresh(), extensionId));
  // Last: it fills the cache with 10,000 transcripts (about 1 GB); its 1,000 point stands for the library's.
  if (runs('scale')) {
    const started = performance.now();
    const before = figures.length;
    await stage(async () => scaleFigures(context, await fresh(), extensionId));
    figures = superseded(figures.slice(0, before), figures.slice(before));
    console.log(`bench: the scale stage took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  }
  await context.close();
  await service.running.close();
  report(ROOT, figures, machineAtEnd(machine));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
