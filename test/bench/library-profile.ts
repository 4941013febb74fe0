import type { Page } from '@playwright/test';
import { liveWorker } from '../e2e/support/bulk';
import { type WorkerSession, workerSession } from './cdp';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { median } from './figures';
import { openLibrary, seed, untilIndexed } from './library';
import { benchQueries, generateLibrary } from './library-data';
import { wordsOfVideos, wrongResults } from './library-expect';
import { clockSearches, searchInBox } from './library-search';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/library-profile.ts [rounds] [--profile]` (after `npx wxt build --mode e2e`): where
 * library.search_ms_1000_videos goes. Seeds the bench's 1,000 videos, opens the library page, and types each bench
 * query `rounds` times (3 unless told), splitting each search at the reply's arrival in the page: before it, the
 * message's way to the worker, the worker's work and the way back; after it, the page's render and layout. With
 * --profile, the CPU profiles of the page and the worker over the searches, as self time by function. A tool for
 * finding the cost, not a figure.
 */
type Split = { sent: number; replied: number };
type SplitWindow = Window & { __benchSplit?: Split };

/** Records when the reply to the page's `library.search` arrives (around the bench's own clock). */
async function clockReplies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const split: Split = { sent: 0, replied: 0 };
    (window as SplitWindow).__benchSplit = split;
    const runtimes = new Set([chrome.runtime, typeof browser === 'undefined' ? chrome.runtime : browser.runtime]);
    for (const runtime of runtimes) {
      const send = runtime.sendMessage;
      Reflect.set(runtime, 'sendMessage', (...args: unknown[]) => {
        const message = args[0];
        const reply = Reflect.apply(send, runtime, args) as Promise<unknown>;
        if (typeof message !== 'object' || message === null || !('type' in message)) return reply;
        if (message.type !== 'library.search') return reply;
        // The page asks the first screen, then all: the split is the first one's (what is clocked).
        if ('limit' in message && typeof message.limit === 'number' && message.limit > 20) return reply;
        split.sent = performance.now();
        performance.clearMarks('bench-shown');
        performance.mark('bench-sent');
        return reply.then((value) => {
          split.replied = performance.now();
          performance.mark('bench-replied');
          return value;
        });
      });
    }
    // After the bench's own observer (registered first): its forced layout is done when this one runs.
    new MutationObserver(() => {
      if (
        document.querySelector('section[aria-label="Search results"]') &&
        !performance.getEntriesByName('bench-shown').length
      ) {
        performance.mark('bench-shown');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { frame?: string } };
};

/** Between each search's reply and its results shown: the page's main-thread events, summed by name. */
function traceSplit(events: TraceEvent[]): string {
  const marks = events.filter((e) => e.name.startsWith('bench-')).sort((a, b) => a.ts - b.ts);
  const main = events.find((e) => e.name === 'bench-replied');
  const thread = main ? events.filter((e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X') : [];
  const windows: [number, number][] = [];
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i];
    const next = marks[i + 1];
    if (m?.name === 'bench-replied' && next?.name === 'bench-shown') windows.push([m.ts, next.ts]);
  }
  const sums = new Map<string, number>();
  for (const e of thread) {
    const end = e.ts + (e.dur ?? 0);
    for (const [from, to] of windows) {
      const overlap = Math.min(end, to) - Math.max(e.ts, from);
      if (overlap > 0) sums.set(e.name, (sums.get(e.name) ?? 0) + overlap / 1000);
    }
  }
  const wall = windows.reduce((n, [a, b]) => n + (b - a) / 1000, 0);
  return `${windows.length} searches, ${(wall / Math.max(1, windows.length)).toFixed(1)} ms each from reply to shown; events per search (inclusive):\n${top(sums, 30, Math.max(1, windows.length), 2)}`;
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 3);
  const profiling = process.argv.includes('--profile');
  const tracing = process.argv.includes('--trace');
  // --css=<rules>: rules tried on every other round, to compare the page's render with and without them.
  const css = process.argv.find((a) => a.startsWith('--css='))?.slice('--css='.length) ?? null;
  const variants = { without: [] as number[], with: [] as number[] };
  await standalone('demo-pro', async (context) => {
    const worker = await liveWorker(context);
    const url = `chrome-extension://${new URL(worker.url()).host}/library.html`;
    const setup = await context.newPage();
    await setup.goto(url);
    await setup.evaluate(() => chrome.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: 1000 } }));
    await setup.close();
    const { transcripts, vocab } = generateLibrary(1000);
    await seed(worker, transcripts);
    const words = wordsOfVideos(transcripts);
    const queries = benchQueries(vocab, transcripts);
    const [page] = await openLibrary(context, url, 120_000);
    await untilIndexed(page);
    await clockSearches(page);
    await clockReplies(page);
    // Once, untimed: the index settles (its catch-up, its snapshot's timer).
    for (const q of queries.slice(0, 3)) await searchInBox(page, q.query, 120_000);

    let pageCdp = null;
    let workerCdp: WorkerSession | null = null;
    if (profiling) {
      pageCdp = await context.newCDPSession(page);
      workerCdp = await workerSession(context);
      for (const call of [pageCdp.send.bind(pageCdp), workerCdp.call] as ((
        m: string,
        p?: object,
      ) => Promise<unknown>)[]) {
        await call('Profiler.enable');
        await call('Profiler.setSamplingInterval', { interval: 100 });
        await call('Profiler.start');
      }
    }
    const traceCdp = tracing ? await context.newCDPSession(page) : null;
    const traced: TraceEvent[] = [];
    if (traceCdp) {
      traceCdp.on('Tracing.dataCollected', (e) => traced.push(...(e.value as unknown as TraceEvent[])));
      await traceCdp.send('Tracing.start', {
        categories: 'devtools.timeline,blink.user_timing,v8.execute,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
    }
    const rows = new Map<string, { total: number[]; reply: number[]; render: number[]; n: number }>();
    for (let r = 0; r < rounds; r++) {
      const trying = css !== null && r % 2 === 1;
      if (css !== null) {
        await page.evaluate(
          ([rules, on]) => {
            document.getElementById('bench-css')?.remove();
            if (!on) return;
            const style = document.createElement('style');
            style.id = 'bench-css';
            style.textContent = rules;
            document.head.append(style);
          },
          [css, trying] as const,
        );
      }
      for (const q of queries) {
        const searched = await searchInBox(page, q.query);
        // The results past the first screenful come a frame later, later still under the profiler: read again.
        await page.waitForTimeout(100);
        const videos = await page
          .getByRole('region', { name: 'Search results' })
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('v') ?? ''));
        const wrong = wrongResults(q, words, videos, searched.nothing);
        if (wrong) throw new Error(`library search: ${wrong}`);
        const split = await page.evaluate(() => (window as SplitWindow).__benchSplit);
        const clock = await page.evaluate(() => (window as Window & { __benchClock?: { shown: number } }).__benchClock);
        const row = rows.get(q.query) ?? { total: [], reply: [], render: [], n: searched.videos.length };
        row.total.push(searched.searchMs);
        row.reply.push((split?.replied ?? 0) - (split?.sent ?? 0));
        row.render.push((clock?.shown ?? 0) - (split?.replied ?? 0));
        (trying ? variants.with : variants.without).push((clock?.shown ?? 0) - (split?.replied ?? 0));
        rows.set(q.query, row);
      }
    }
    const all = { total: [] as number[], reply: [] as number[], render: [] as number[] };
    console.log('query                     results  total  reply  render (medians, ms)');
    for (const [query, row] of rows) {
      console.log(
        `${query.padEnd(26)}${String(row.n).padStart(7)}${[row.total, row.reply, row.render].map((v) => median(v).toFixed(1).padStart(7)).join('')}`,
      );
      all.total.push(...row.total);
      all.reply.push(...row.reply);
      all.render.push(...row.render);
    }
    console.log(
      `all searches: total ${median(all.total).toFixed(1)}  reply ${median(all.reply).toFixed(1)}  render ${median(all.render).toFixed(1)} ms (medians)`,
    );
    const searches = rounds * queries.length;
    if (css !== null) {
      const m = (v: number[]) => `${median(v).toFixed(1)} [${Math.min(...v).toFixed(1)}–${Math.max(...v).toFixed(1)}]`;
      console.log(`render without the rules ${m(variants.without)}, with them ${m(variants.with)} ms`);
    }
    if (traceCdp) {
      const done = new Promise((resolve) => traceCdp.once('Tracing.tracingComplete', resolve));
      await traceCdp.send('Tracing.end');
      await done;
      console.log(traceSplit(traced));
    }
    if (pageCdp && workerCdp) {
      const pageProfile = (await pageCdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      const workerProfile = (await workerCdp.call('Profiler.stop')) as { profile: CpuProfile };
      for (const [name, { profile }] of [
        ['page', pageProfile],
        ['worker', workerProfile],
      ] as const) {
        const self = new Map<string, number>();
        foldProfile(profile, { self });
        console.log(`${name}: self time per search, by function\n${top(self, 25, searches, 2)}`);
      }
      await workerCdp.close();
    }
    await page.close();
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
