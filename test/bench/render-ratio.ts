import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { openLong, renderRatio, seedLong } from './panel';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/render-ratio.ts [rounds] [--profile]` (after `npx wxt build --mode e2e`):
 * transcript.render_ratio_vs_naive alone, `rounds` times five pairs, as the bench measures it (the long video,
 * its 500 highlights); `--profile` samples the extension process (the panel's frame) over our renders and prints
 * the functions by self time and the extension's with what they called. A tool for finding the cost, not a figure.
 */
async function main(): Promise<void> {
  const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 2);
  const profiling = process.argv.includes('--profile');
  await standalone('demo-team', async (context, service) => {
    const page = await openLong(context, service);
    const texts = await seedLong(page, service);
    const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    if (!worker) throw new Error('no extension worker');
    const idle = await context.newPage();
    await idle.goto(new URL('/panel-frame.html', worker.url()).href);
    const cdp = profiling ? await context.newCDPSession(idle) : null;
    await cdp?.send('Profiler.enable');
    await cdp?.send('Profiler.setSamplingInterval', { interval: 100 });
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (let i = 0; i < rounds; i++) {
      await cdp?.send('Profiler.start');
      const figure = await renderRatio(page, texts);
      console.log(`round ${i + 1}: ratio ${figure.value} [${figure.spread?.min}–${figure.spread?.max}]`);
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        foldProfile(profile, { self, inclusive });
      }
    }
    if (cdp) {
      console.log(`functions by self time (per round):\n${top(self, 40, rounds)}`);
      console.log(
        `extension functions with what they called (per round):\n${top(inclusive, Number(process.env.TL_TOP ?? 40), rounds)}`,
      );
    }
  });
}

await main();
