import { liveWorker } from '../e2e/support/bulk';
import { bulkRun, forgetTranscripts } from './bulk';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/bulk-tail.ts [runs]` (after `npx wxt build --mode e2e`; `TL_EXTENSION_DIR` for a build copied
 * aside): bulk runs as bulk.ts makes them (limits on, windows never reset), each one's wall and tail, split as the
 * page hears it (the end to its status read, to the file's arrival, to the download). Fewer runs than the bench's
 * ten, for builds alternated in the same minutes. A tool for finding the cost, not a figure.
 */
async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  await standalone('demo-starter', async (context, service) => {
    await service.reset({ limits: true });
    for (let i = 0; i < runs; i++) {
      const worker = await liveWorker(context);
      await forgetTranscripts(worker);
      // The earlier runs' records go, so the run's end is read from its own record.
      await worker.evaluate(async () => {
        const storage = Reflect.get(globalThis, 'chrome').storage.local;
        const keys = Object.keys(await storage.get(null)).filter((k) => k.startsWith('bulkRun:'));
        await storage.remove(keys);
      });
      await service.control('accounts', { token: 'demo-starter', cloudRequests: 10_000 });
      const [run, page] = await bulkRun(context, worker, service, i);
      console.log(`run ${i + 1}: wall ${run.wallMs} ms, tail ${run.wallMs - run.endMs} ms`);
      await page.close();
    }
  });
}

await main();
