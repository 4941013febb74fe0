import type { BrowserContext } from '@playwright/test';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { frameShowsCue } from './panel-frame';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/frame-profile.ts [loads]` (after `npx wxt build --mode e2e`): where panel.frame_cost_ms goes
 * by function. Loads watch pages with a saved transcript as page-cost.ts does (www only: m has no frame) and samples
 * the extension process's isolate, which runs the panel's frame, through an idle extension page in a tab of its own,
 * for the first 4 s of each load. A build with minification off (`TL_MINIFY=0 npx wxt build --mode e2e`) names the
 * components. TL_TOP=<n> prints n functions with what they called (40 by default). A tool for finding the cost, not a
 * figure.
 */
async function profileLoad(
  context: BrowserContext,
  cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>,
  id: string,
) {
  const page = await context.newPage();
  await cdp.send('Profiler.start');
  const start = Date.now();
  await page.goto(`https://www.youtube.com/watch?v=${id}`);
  let shown = false;
  while (Date.now() - start < 4_000) {
    if (!shown) shown = await frameShowsCue(page);
    await page.waitForTimeout(100);
  }
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await page.close();
  return profile;
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  const shownTop = Number(process.env.TL_TOP ?? 40);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    if (!worker) throw new Error('no extension worker');
    const idle = await context.newPage();
    await idle.goto(new URL('/panel-frame.html', worker.url()).href);
    const cdp = await context.newCDPSession(idle);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await profileLoad(context, cdp, SAVED[0]);
    const byFile = new Map<string, number>();
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (let i = 0; i < loads; i++) {
      const profile = await profileLoad(context, cdp, SAVED[i % SAVED.length] ?? SAVED[0]);
      foldProfile(profile, { byFile, self, inclusive });
    }
    for (const map of [byFile, self, inclusive]) for (const [k, v] of map) map.set(k, v / loads);
    byFile.delete('(idle)');
    console.log(`self time by file (per load):\n${top(byFile, 14)}`);
    console.log(`functions by self time (per load):\n${top(self, 40)}`);
    console.log(`extension functions with what they called (per load):\n${top(inclusive, shownTop)}`);
  });
}

await main();
