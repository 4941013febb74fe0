import { startTestService } from '../e2e/support/service';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { type DriverlessBrowser, launchDriverless } from './driverless-browser';
import { serveFixtures } from './fetch-fixtures';
import { openTab, prepareDriverless } from './page-cost-driverless';
import { WINDOW_MS } from './page-cost-figures';
import { SAVED } from './saved-videos';

/**
 * `npx tsx test/bench/frame-profile-driverless.ts [loads]` (after `npx wxt build --mode e2e`; `TL_MINIFY=0` names
 * the functions): frame-profile.ts's tables, the loads made as page-cost.ts makes them, with no driver attached. The
 * extension process's isolate, which runs the panel's frame, is sampled through the session of an idle extension
 * page in a tab of its own; no session is opened on the frame. A tool for finding the cost, not a figure.
 */
async function profileLoad(browser: DriverlessBrowser, idle: string, id: string): Promise<CpuProfile> {
  const { cdp } = browser;
  const tab = await openTab(cdp, 'about:blank');
  const stopServing = await serveFixtures(cdp, tab.sessionId);
  await cdp.send('Profiler.start', {}, idle);
  await cdp.send('Page.navigate', { url: `https://www.youtube.com/watch?v=${id}` }, tab.sessionId);
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
  const { profile } = await cdp.send<{ profile: CpuProfile }>('Profiler.stop', {}, idle);
  await cdp.send('Target.closeTarget', { targetId: tab.targetId });
  stopServing();
  return profile;
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  const service = await startTestService();
  const browser = await launchDriverless();
  try {
    await prepareDriverless(browser, service);
    const idle = await openTab(browser.cdp, `chrome-extension://${browser.extensionId}/panel-frame.html`);
    await browser.cdp.send('Profiler.enable', {}, idle.sessionId);
    await browser.cdp.send('Profiler.setSamplingInterval', { interval: 100 }, idle.sessionId);
    await profileLoad(browser, idle.sessionId, SAVED[0]);
    const byFile = new Map<string, number>();
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (let i = 0; i < loads; i++) {
      foldProfile(await profileLoad(browser, idle.sessionId, SAVED[i % SAVED.length] ?? SAVED[0]), {
        byFile,
        self,
        inclusive,
      });
    }
    byFile.delete('(idle)');
    console.log(`self time by file (per load):\n${top(byFile, 14, loads)}`);
    console.log(`functions by self time (per load):\n${top(self, 40, loads)}`);
    console.log(`extension functions with what they called (per load):\n${top(inclusive, 40, loads)}`);
  } finally {
    await browser.close();
    await service.running.close();
  }
}

await main();
