import { liveWorker } from '../e2e/support/bulk';
import { openLibrary, roomInCache, seed } from './library';
import { generateLibrary } from './library-data';
import { standalone } from './standalone';
import { type Sums, sumThread, type TraceEvent, traced } from './trace-events';

/**
 * `npx tsx test/bench/library-open-trace.ts [opens]` (after `npx wxt build --mode e2e`): where a library open's
 * start goes on the page's main thread, by trace event (self and inclusive thread time per open), over 100
 * seeded videos: what the page costs before its list arrives, whatever the library's size. A tool, not a figure.
 */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5);
  await standalone('demo-pro', async (context) => {
    const host = new URL((await liveWorker(context)).url()).host;
    const url = `chrome-extension://${host}/library.html`;
    await roomInCache(context, url);
    await seed(await liveWorker(context), generateLibrary(100).transcripts);
    (await openLibrary(context, url, 120_000))[0].close();
    const sums: Sums = new Map();
    for (let i = 0; i < count; i++) {
      const browserCdp = await context.browser()?.newBrowserCDPSession();
      if (!browserCdp) throw new Error('no browser session');
      let ms = 0;
      const events: TraceEvent[] = await traced(browserCdp, 'devtools.timeline,v8,blink,loading', async () => {
        const [page, at] = await openLibrary(context, url);
        ms = at;
        await page.close();
      });
      await browserCdp.detach();
      // The page's renderer main thread: the CrRendererMain whose events name the library's page.
      const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      const named = (pid: number) =>
        events.filter((e) => e.pid === pid && JSON.stringify(e.args ?? {}).includes('library.html'));
      const ours = mains.map((m) => ({ m, n: named(m.pid).length })).sort((a, b) => b.n - a.n)[0];
      if (!ours) continue;
      const from = Math.min(...events.filter((e) => e.pid === ours.m.pid && e.ts > 0).map((e) => e.ts));
      sumThread(events, ours.m.pid, ours.m.tid, from, Number.POSITIVE_INFINITY, sums);
      console.log(`open ${i + 1}: ${ms.toFixed(0)} ms`);
    }
    const rows = [...sums].sort((a, b) => b[1].self - a[1].self).slice(0, 30);
    for (const [name, s] of rows)
      console.log(
        `${(s.self / count).toFixed(1).padStart(7)} self ${(s.total / count).toFixed(1).padStart(7)} total ${(s.count / count).toFixed(1).padStart(5)}×  ${name}`,
      );
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
