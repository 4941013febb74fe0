import { confirmBulk } from '../e2e/support/bulk';
import { renderFirst } from './bulk';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/render-first.ts [samples]` (after `npx wxt build --mode e2e`): channel.render_ms_500 alone,
 * without the ten bulk runs before it: @tvabig's 500 uploads listed once (1 Cloud Request on the local service),
 * then the view mounted afresh `samples` times as the bench does. Prints the samples, their median, the load and
 * the page's script, layout and style time per mount.
 */
async function main(): Promise<void> {
  const samples = Number(process.argv[2] ?? 21);
  await standalone('demo-starter', async (context, service) => {
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
    // The page's main-thread work per mount (all worlds, the fixture page's own included), read by CDP: the
    // frame-by-frame figure cannot see a saving smaller than a frame.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () =>
      new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value] as const));
    const before = await metrics();
    const figure = await renderFirst(page, samples);
    const after = await metrics();
    console.log(JSON.stringify(figure));
    const per = (name: string, scale = 1) =>
      ((((after.get(name) ?? 0) - (before.get(name) ?? 0)) * scale) / samples).toFixed(2);
    console.log(
      `per mount: script ${per('ScriptDuration', 1000)} ms, layout ${per('LayoutDuration', 1000)} ms ` +
        `(${per('LayoutCount')} layouts), style ${per('RecalcStyleDuration', 1000)} ms (${per('RecalcStyleCount')})`,
    );
  });
}

await main();
