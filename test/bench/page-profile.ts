import type { BrowserContext } from '@playwright/test';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/page-profile.ts [loads]` (after `npx wxt build --mode e2e`): where panel.page_cost_ms goes.
 * Loads watch pages with a saved transcript as page-cost.ts does, on www (content script) and m (none), with the
 * CPU profiler on for the first 4 s, and prints the self time of the extension's code by function and file, and
 * the page's layout and style counts on both sides. A tool for finding the cost, not a figure. TL_TOP=<n> prints n
 * functions with what they called (40 by default): the panel's components sit below Preact's own, so a build with
 * minification off (wxt.config.ts) and TL_TOP=250 shows each component by name.
 */
async function profileLoad(context: BrowserContext, host: string, id: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const metric = async () =>
    new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value] as const));
  const before = await metric();
  const start = Date.now();
  await page.goto(`https://${host}/watch?v=${id}`);
  while (Date.now() - start < 4_000) await page.waitForTimeout(100);
  const after = await metric();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await page.close();
  const d = (name: string, scale = 1) => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) * scale;
  return {
    profile,
    thread: d('ThreadTime', 1000),
    script: d('ScriptDuration', 1000),
    style: d('RecalcStyleDuration', 1000),
    styleCount: d('RecalcStyleCount'),
    layout: d('LayoutDuration', 1000),
    layoutCount: d('LayoutCount'),
  };
}

const shown = Number(process.env.TL_TOP ?? 40);

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    await profileLoad(context, 'm.youtube.com', SAVED[0]);
    await profileLoad(context, 'www.youtube.com', SAVED[0]);
    for (const host of ['m.youtube.com', 'www.youtube.com']) {
      const byFile = new Map<string, number>();
      const byFn = new Map<string, number>();
      const inclusive = new Map<string, number>();
      const sums = { thread: 0, script: 0, style: 0, styleCount: 0, layout: 0, layoutCount: 0 };
      for (let i = 0; i < loads; i++) {
        const result = await profileLoad(context, host, SAVED[i % SAVED.length] ?? SAVED[0]);
        foldProfile(result.profile, { byFile, self: byFn, extensionSelfOnly: true, inclusive });
        for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += result[key] / loads;
      }
      console.log(
        `\n== ${host}: per load ${JSON.stringify(sums, (_k, v) => (typeof v === 'number' ? +v.toFixed(1) : v))}`,
      );
      for (const [k, v] of byFile) byFile.set(k, v / loads);
      for (const [k, v] of byFn) byFn.set(k, v / loads);
      for (const [k, v] of inclusive) inclusive.set(k, v / loads);
      console.log(`self time by file (per load):\n${top(byFile, 14)}`);
      if (byFn.size) console.log(`extension functions by self time (per load):\n${top(byFn, 30)}`);
      if (inclusive.size)
        console.log(`extension functions with what they called (per load):\n${top(inclusive, shown)}`);
    }
  });
}

await main();
