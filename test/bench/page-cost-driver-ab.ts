import { loadavg } from 'node:os';
import { liveWorker } from '../e2e/support/bulk';
import { configureExtension, startTestService } from '../e2e/support/service';
import { routeYouTube } from '../fixtures/routes';
import { launchDriverless } from './driverless-browser';
import type { Figure } from './figures';
import { pageCost } from './page-cost';
import { drivenPageCost } from './page-cost-driven';
import { speedProbeMs } from './speed-probe';

/**
 * `npx tsx test/bench/page-cost-driver-ab.ts [rounds]` (after `npx wxt build --mode e2e`, or with TL_EXTENSION_DIR;
 * TL_FLOOR=1 for a floor build): the driver's share of the panel's cost figures. One Chromium launched by the
 * bench; each round measures the same loads driven (Playwright connected over CDP, page-cost-driven.ts) and
 * driverless (page-cost.ts), alternated, the speed probe and the load beside each. Not a figure.
 */
const line = (how: string, figures: Figure[], probe: [number, number]) =>
  `${how}: ${figures
    .map((f) => `${f.name} ${f.value.toFixed(1)} [${f.spread?.samples.map((s) => s.toFixed(1)).join(' ')}]`)
    .join(', ')}; probe ${probe[0].toFixed(0)}–${probe[1].toFixed(0)}, load ${loadavg()[0]?.toFixed(1)}`;

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 1);
  const service = await startTestService();
  const browser = await launchDriverless();
  try {
    for (let round = 0; round < rounds; round++) {
      // Which goes first alternates too: neither always meets the machine a few minutes later.
      const order = round % 2 === 0 ? ['driven', 'driverless'] : ['driverless', 'driven'];
      for (const how of order) {
        const before = speedProbeMs();
        let figures: Figure[];
        if (how === 'driven') {
          figures = await browser.withDriver(async (context) => {
            await routeYouTube(context);
            await configureExtension(await liveWorker(context), service.url, 'demo-pro');
            return drivenPageCost(context, service);
          });
        } else {
          figures = await pageCost(service, browser);
        }
        console.log(`round ${round + 1} ${line(how, figures, [before, speedProbeMs()])}`);
      }
    }
  } finally {
    await browser.close();
    await service.running.close();
  }
}

await main();
