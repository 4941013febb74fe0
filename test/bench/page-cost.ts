import type { TestService } from '../e2e/support/service';
import { type DriverlessBrowser, launchDriverless } from './driverless-browser';
import type { Figure } from './figures';
import { driverlessLoads, prepareDriverless } from './page-cost-driverless';
import { costFigures } from './page-cost-figures';

/**
 * panel.page_cost_ms: main-thread time the extension adds to a YouTube watch page load (the content script's
 * evaluation, the panel's first mount, the first render of a saved transcript): the main thread's CPU time in
 * a load with the content script minus one of the same fixture page without it, read at the same moment after
 * the navigation; five pairs, the median of the differences. Goal ≤ 30 ms. panel.frame_cost_ms: the same for the
 * extension process's main thread, where Chromium runs the panel's frame (goal ≤ 30); panel.total_cost_ms: both,
 * load by load (goal ≤ 45).
 *
 * Measured as a person's browser pays it: in a Chromium of its own (`browser`, else one launched and closed
 * here) with no driver attached during the loads (page-cost-driverless.ts); Playwright, connected for the setup
 * only, would otherwise do its own work in the panel's frame, counted as the panel's (docs/benchmarks.md).
 */
export async function pageCost(service: TestService, browser?: DriverlessBrowser): Promise<Figure[]> {
  const own = browser ?? (await launchDriverless());
  try {
    await prepareDriverless(own, service);
    const { without, withExtension } = await driverlessLoads(own);
    return costFigures(without, withExtension, 'no driver attached');
  } finally {
    if (!browser) await own.close();
  }
}
