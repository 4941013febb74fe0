import { launchTestBrowser } from '../e2e/support/browser';
import { buildProduction, buildTestExtension, ROOT } from '../e2e/support/build';
import { configureExtension, startTestService } from '../e2e/support/service';
import { bulkFigures } from './bulk';
import { type Figure, report } from './figures';
import { libraryFigures } from './library';
import { contentScriptSize, pageFigures, panelFigures } from './panel';
import { dedupe, polling, spendMinimality, spendUnconsented } from './spend';

/** `npm run bench`: what users feel and what they pay, measured in Chromium against the local service. */
async function main(): Promise<void> {
  buildProduction();
  buildTestExtension();
  const service = await startTestService();
  const { context, worker, extensionId } = await launchTestBrowser();
  const figures: Figure[] = [contentScriptSize(ROOT)];
  const fresh = async (token = 'demo-pro') => {
    // Each measurement starts with no jobs and no known balances; each uses its own videos, so the
    // transcript cache of an earlier one cannot help it.
    await worker.evaluate(() => chrome.storage.local.clear());
    await configureExtension(worker, service.url, token);
  };
  // BENCH_ONLY=library or =bulk measures only that part (while working on it); the report then holds only those.
  const only = process.env.BENCH_ONLY;
  if (!only) {
    await fresh();
    figures.push(await spendUnconsented(context, service));
    await fresh();
    figures.push(await spendMinimality(context, worker, service));
    await fresh();
    figures.push(await dedupe(context, service));
    await fresh('demo-team');
    figures.push(...(await panelFigures(context, service)));
    await fresh();
    figures.push(...(await pageFigures(context, service)));
    await fresh();
    figures.push(...(await polling(context, service)));
  }
  if (!only || only === 'bulk') {
    await fresh('demo-starter');
    figures.push(...(await bulkFigures(context, worker, service)));
  }
  // Last: it fills the cache with 1,000 transcripts.
  if (!only || only === 'library') {
    await fresh();
    figures.push(...(await libraryFigures(context, worker, extensionId)));
  }
  await context.close();
  await service.running.close();
  report(ROOT, figures);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
