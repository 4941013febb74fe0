import { loadavg } from 'node:os';
import { launchTestBrowser } from '../e2e/support/browser';
import { confirmBulk, liveWorker } from '../e2e/support/bulk';
import { configureExtension, startTestService } from '../e2e/support/service';
import { renderFirst } from './bulk';

/**
 * `npx tsx test/bench/render-first.ts [samples]` (after `npx wxt build --mode e2e`): channel.render_ms_500 alone,
 * without the ten bulk runs before it: @tvabig's 500 uploads listed once (1 Cloud Request on the local service),
 * then the view mounted afresh `samples` times as the bench does. Prints the samples, their median and the load.
 */
async function main(): Promise<void> {
  const samples = Number(process.argv[2] ?? 21);
  const service = await startTestService();
  const { context } = await launchTestBrowser();
  try {
    const worker = await liveWorker(context);
    await configureExtension(worker, service.url, 'demo-starter');
    await service.control('accounts', { token: 'demo-starter', cloudRequests: 10_000 });
    const page = await context.newPage();
    await page.goto('https://www.youtube.com/@tvabig');
    const panel = page.locator('transcript-lens-panel');
    await panel.getByRole('button', { name: 'List uploads' }).click();
    await panel.getByRole('checkbox').first().waitFor();
    // As in the bench, the listing is timed after a run of all 500 (its progress and the saved marks render too).
    if (process.env.RENDER_AFTER_RUN !== '0') {
      await service.reset({ limits: false });
      await service.control('accounts', { token: 'demo-starter', cloudRequests: 10_000 });
      await panel.getByRole('button', { name: 'Select all' }).click();
      await confirmBulk(page);
      await page.waitForEvent('download', { timeout: 120_000 });
    }
    const figure = await renderFirst(page, samples);
    console.log(JSON.stringify(figure));
    console.log(`load average ${loadavg().join(' ')}`);
  } finally {
    await context.close();
    await service.running.close();
  }
}

await main();
