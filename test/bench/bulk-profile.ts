import { mkdirSync, writeFileSync } from 'node:fs';
import { liveWorker } from '../e2e/support/bulk';
import { bulkRun, forgetTranscripts } from './bulk';
import { workerSession } from './cdp';
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
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const name = (n: Node) => {
  const { url, functionName, lineNumber } = n.callFrame;
  return `${url ? (url.split('/').pop() ?? url) : '(native)'}:${lineNumber} ${functionName || '(anonymous)'}`;
};

function times(profile: Profile, self: Map<string, number>, inclusive: Map<string, number>) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  profile.samples.forEach((sample, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = nodes.get(sample);
    if (!node) return;
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: Node | undefined = node; at; at = nodes.get(parent.get(at.id) ?? -1)) {
      const key = name(at);
      if (seen.has(key) || !at.callFrame.url.startsWith('chrome-extension://')) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
}

const top = (map: Map<string, number>, n: number, per: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${(v / per).toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 2);
  await standalone('demo-starter', async (context, service) => {
    await service.reset({ limits: true });
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let last: Profile | null = null;
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
        const { profile } = (await session.call('Profiler.stop')) as { profile: Profile };
        times(profile, self, inclusive);
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
