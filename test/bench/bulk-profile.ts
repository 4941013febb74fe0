import { mkdirSync, writeFileSync } from 'node:fs';
import { liveWorker } from '../e2e/support/bulk';
import { bulkRun, forgetTranscripts } from './bulk';
import { workerSession } from './cdp';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/bulk-profile.ts [runs]` (after `npx wxt build --mode e2e`): where the worker's time goes in
 * the bench's bulk run. Makes one run unprofiled, then `runs` more as bulk.ts does (limits on, windows never
 * reset) with the CPU profiler on in the service worker, and prints its self time by file and function and the
 * inclusive time of the extension's functions, per run; the last profile is
 * written to bench/results/bulk-worker.cpuprofile (DevTools' Performance panel opens it). The e2e build is
 * minified: a name is the bundle's, its line one of .output/chrome-mv3-e2e/background.js (a build with Vite's
 * `build.minify` off, for the profile only, gives the source's names).
 * A tool for finding the cost, not a figure.
 */
async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 2);
  await standalone('demo-starter', async (context, service) => {
    await service.reset({ limits: true });
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let last: CpuProfile | null = null;
    for (let i = 0; i <= runs; i++) {
      const worker = await liveWorker(context);
      await forgetTranscripts(worker);
      await service.control('accounts', { token: 'demo-starter', cloudRequests: 10_000 });
      const session = i > 0 ? await workerSession(context) : null;
      await session?.call('Profiler.enable');
      await session?.call('Profiler.setSamplingInterval', { interval: 200 });
      await session?.call('Profiler.start');
      const [, page] = await bulkRun(context, worker, service, i);
      if (session) {
        const { profile } = (await session.call('Profiler.stop')) as { profile: CpuProfile };
        foldProfile(profile, { self, inclusive });
        last = profile;
        await session.close();
      }
      await page.close();
    }
    if (last) {
      mkdirSync('bench/results', { recursive: true });
      writeFileSync('bench/results/bulk-worker.cpuprofile', JSON.stringify(last));
    }
    console.log(`\nself time by function (per run):\n${top(self, 35, runs)}`);
    console.log(`\nextension functions, inclusive (per run):\n${top(inclusive, 45, runs)}`);
  });
}

await main();
