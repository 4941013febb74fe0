import type { BrowserContext } from '@playwright/test';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';
import { type Sums, traceWatchEvents } from './trace-events';
import { FRAME_CATEGORIES as CATEGORIES, print, sum, threadNaming } from './trace-sums';

/**
 * `npx tsx test/bench/frame-trace.ts [loads]` (after `npx wxt build --mode e2e`): where panel.frame_cost_ms goes
 * and what repeats there. Loads watch pages with a saved transcript as page-cost.ts does, on www (content script,
 * the panel's frame) and m (none), traces the first 4 s, and prints per load the extension process's main thread
 * (the CrRendererMain whose events name panel-frame.html) and the page's, by event name: self thread time
 * and count. `TL_LOOKS=0` leaves out the bench's looks for the cue in the frame (page-cost.ts), to show their share.
 * A tool for finding the cost, not a figure.
 */
const WINDOW_MS = 4_000;
const looks = process.env.TL_LOOKS !== '0';

let extensionThread: { pid: number; tid: number } | null = null;

async function traceLoad(context: BrowserContext, host: string, id: string, frame: Sums, page: Sums): Promise<void> {
  const events = await traceWatchEvents(context, host, id, CATEGORIES, WINDOW_MS, looks ? 'until-shown' : 'never');
  // The extension's process is found in a load with the frame and kept: the same one serves every load.
  extensionThread ??= threadNaming(events, 'panel-frame.html');
  sum(events, extensionThread, frame);
  sum(events, threadNaming(events, `${host}/watch`), page);
}

async function main(): Promise<void> {
  const loads = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context, service) => {
    await service.reset({ limits: false });
    await saveTranscripts(context);
    const extension = await context.newPage();
    // The extension's process stays up between loads, as in page-cost.ts (an idle extension page holds it).
    const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    if (worker) await extension.goto(new URL('/panel-frame.html', worker.url()).href);
    const sums = { frameM: new Map(), frameW: new Map(), pageM: new Map(), pageW: new Map() } as Record<string, Sums>;
    await traceLoad(context, 'www.youtube.com', SAVED[0], new Map(), new Map());
    await traceLoad(context, 'm.youtube.com', SAVED[0], new Map(), new Map());
    for (let i = 0; i < loads; i++) {
      const id = SAVED[i % SAVED.length] ?? SAVED[0];
      await traceLoad(context, 'm.youtube.com', id, sums.frameM as Sums, sums.pageM as Sums);
      await traceLoad(context, 'www.youtube.com', id, sums.frameW as Sums, sums.pageW as Sums);
    }
    await extension.close();
    print('extension process main thread', sums.frameM as Sums, sums.frameW as Sums, loads);
    print('page main thread', sums.pageM as Sums, sums.pageW as Sums, loads);
  });
}

await main();
