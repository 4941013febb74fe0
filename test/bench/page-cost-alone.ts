import { loadavg } from 'node:os';
import { startTestService } from '../e2e/support/service';
import { launchDriverless } from './driverless-browser';
import { pageCost } from './page-cost';
import { speedProbeMs } from './speed-probe';

/**
 * `npx tsx test/bench/page-cost-alone.ts [rounds]` (after `npx wxt build --mode e2e`, or with TL_EXTENSION_DIR):
 * panel.page_cost_ms, frame_cost_ms and total_cost_ms as `BENCH_ONLY=page npm run bench` measures them
 * (page-cost.ts, no driver attached), without the stage's other figures, `rounds` times in one browser, the speed
 * probe and the load beside each: for comparing two builds alternated in the same minutes (docs/benchmarks.md).
 * Not a figure of its own.
 */
async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 1);
  const service = await startTestService();
  const browser = await launchDriverless();
  try {
    for (let round = 0; round < rounds; round++) {
      const before = speedProbeMs();
      const figures = await pageCost(service, browser);
      const after = speedProbeMs();
      const values = figures.map(
        (f) => `${f.name} ${f.value.toFixed(1)} [${f.spread?.samples.map((s) => s.toFixed(1)).join(' ')}]`,
      );
      const load = loadavg()[0]?.toFixed(1);
      console.log(
        `round ${round + 1}: ${values.join(', ')}; probe ${before.toFixed(0)}–${after.toFixed(0)}, load ${load}`,
      );
    }
  } finally {
    await browser.close();
    await service.running.close();
  }
}

await main();
