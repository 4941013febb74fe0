import { startTestService } from '../e2e/support/service';
import { type DriverlessBrowser, launchDriverless } from './driverless-browser';
import { serveFixtures } from './fetch-fixtures';
import { openTab, prepareDriverless } from './page-cost-driverless';
import { WINDOW_MS } from './page-cost-figures';
import { SAVED } from './saved-videos';
import type { Sums, TraceEvent } from './trace-events';
import { FRAME_CATEGORIES, print, sum, threadNaming } from './trace-sums';

/**
 * `npx tsx test/bench/frame-trace-driverless.ts [loads]` (after `npx wxt build --mode e2e`, or TL_EXTENSION_DIR
 * and TL_FLOOR=1 for a floor build): frame-trace.ts's table, the loads made as page-cost.ts makes them, with no
 * driver attached; the trace is taken on the browser's own session, so no session is opened on any frame.
 * A tool for finding the cost, not a figure.
 */
async function tracedLoad(browser: DriverlessBrowser, host: string, id: string): Promise<TraceEvent[]> {
  const { cdp } = browser;
  const tab = await openTab(cdp, 'about:blank');
  const stopServing = await serveFixtures(cdp, tab.sessionId);
  const events: TraceEvent[] = [];
  let complete = () => {};
  const done = new Promise<void>((resolve) => {
    complete = resolve;
  });
  const stop = cdp.listen((event) => {
    if (event.sessionId) return;
    if (event.method === 'Tracing.dataCollected') events.push(...(event.params.value as TraceEvent[]));
    if (event.method === 'Tracing.tracingComplete') complete();
  });
  await cdp.send('Tracing.start', { categories: FRAME_CATEGORIES, transferMode: 'ReportEvents' });
  await cdp.send('Page.navigate', { url: `https://${host}/watch?v=${id}` }, tab.sessionId);
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
  await cdp.send('Tracing.end');
  await done;
  stop();
  await cdp.send('Target.closeTarget', { targetId: tab.targetId });
  stopServing();
  return events;
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  const service = await startTestService();
  const browser = await launchDriverless();
  try {
    await prepareDriverless(browser, service);
    // The extension's process stays up between loads, as in page-cost.ts (an idle extension page holds it).
    const idle = await openTab(browser.cdp, `chrome-extension://${browser.extensionId}/panel-frame.html`);
    let extension: { pid: number; tid: number } | null = null;
    const sums = { frameM: new Map(), frameW: new Map(), pageM: new Map(), pageW: new Map() } as Record<string, Sums>;
    const load = async (host: string, id: string, frame: Sums, page: Sums) => {
      const events = await tracedLoad(browser, host, id);
      // Found in a load with the frame and kept: the same process serves every load.
      extension ??= threadNaming(events, 'panel-frame.html');
      sum(events, extension, frame);
      sum(events, threadNaming(events, `${host}/watch`), page);
    };
    await load('www.youtube.com', SAVED[0], new Map(), new Map());
    await load('m.youtube.com', SAVED[0], new Map(), new Map());
    for (let i = 0; i < loads; i++) {
      const id = SAVED[i % SAVED.length] ?? SAVED[0];
      await load('m.youtube.com', id, sums.frameM as Sums, sums.pageM as Sums);
      await load('www.youtube.com', id, sums.frameW as Sums, sums.pageW as Sums);
    }
    await browser.cdp.send('Target.closeTarget', { targetId: idle.targetId });
    print('extension process main thread', sums.frameM as Sums, sums.frameW as Sums, loads);
    print('page main thread', sums.pageM as Sums, sums.pageW as Sums, loads);
  } finally {
    await browser.close();
    await service.running.close();
  }
}

await main();
