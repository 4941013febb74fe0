import { loadavg } from 'node:os';
import type { Page, Worker } from '@playwright/test';
import { liveWorker } from '../e2e/support/bulk';
import { median } from './figures';
import { openLibrary, seed, untilIndexed } from './library';
import { benchQueries, generateLibrary } from './library-data';
import { clockSearches, searchInBox } from './library-search';
import { speedProbeMs } from './speed-probe';
import { standalone } from './standalone';
import { type TraceEvent, traced } from './trace-events';

/**
 * `npx tsx test/bench/library-search-split.ts [rounds]` (after `npx wxt build --mode e2e`, or TL_EXTENSION_DIR):
 * one library search's first screen split into its parts from a browser-wide trace of the bench's 20 queries
 * `rounds` times (3 unless told), medians: the page's send to the worker's listener (the crossing), the worker
 * to its first passage read (the catalog's check, the engine's ranking), the passages' reads, the last read to
 * the page's promise (excerpts and marks, the answer's crossing back), the page's render and layout. Marks only
 * (the page's `sendMessage` and the worker's IndexedDB gets wrapped from outside); the worker's and the page's
 * garbage collections in those windows are summed too. A tool for finding the cost, not a figure.
 */
type SplitWindow = Window & { __benchShown?: boolean };

/** Marks the first screen's ask leaving, its reply arriving and its results appearing, in the page's timeline. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const runtimes = new Set([chrome.runtime, typeof browser === 'undefined' ? chrome.runtime : browser.runtime]);
    for (const runtime of runtimes) {
      const send = runtime.sendMessage;
      Reflect.set(runtime, 'sendMessage', (...args: unknown[]) => {
        const message = args[0];
        const reply = Reflect.apply(send, runtime, args) as Promise<unknown>;
        if (typeof message !== 'object' || message === null || !('type' in message)) return reply;
        if (message.type !== 'library.search' || !('limit' in message) || message.limit !== 20) return reply;
        (window as SplitWindow).__benchShown = false;
        performance.mark('split-sent');
        return reply.then((value) => {
          performance.mark('split-replied');
          return value;
        });
      });
    }
    // After the bench's own observer (registered first): its forced layout is done when this one runs.
    new MutationObserver(() => {
      const w = window as SplitWindow;
      if (w.__benchShown === false && document.querySelector('section[aria-label="Search results"]')) {
        w.__benchShown = true;
        performance.mark('split-shown');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Marks the worker's listener hearing a search and each passage read (IndexedDB get) asked and answered. */
async function markWorker(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    chrome.runtime.onMessage.addListener((message: unknown) => {
      if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'library.search')
        performance.mark('split-heard');
    });
    const get = IDBObjectStore.prototype.get;
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
      const request: IDBRequest = Reflect.apply(get, this, [query]);
      if (this.name === 'passages') {
        performance.mark('split-get');
        request.addEventListener('success', () => performance.mark('split-got'));
      }
      return request;
    };
    // Writes while searching: a video indexed again (its passages), the snapshot, the catalog.
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: unknown[]) {
      if (args[1] === 'readwrite') performance.mark(`split-write ${String(args[0])}`);
      return Reflect.apply(transaction, this, args);
    } as typeof transaction;
  });
}

type Parts = Record<string, number[]>;
const PARTS = ['crossing', 'worker to reads', 'reads', 'reads to reply', 'render', 'total'] as const;

/** Each search's parts from the marks, and the GCs and top-level tasks of the worker's thread in its window. */
function split(events: TraceEvent[]): { parts: Parts; tasks: Map<string, number[]>; gc: Parts; n: number } {
  const marks = events.filter((e) => e.name.startsWith('split-') && e.ph !== 'M').sort((a, b) => a.ts - b.ts);
  const heard = marks.find((e) => e.name === 'split-heard');
  const sent = marks.find((e) => e.name === 'split-sent');
  const parts: Parts = Object.fromEntries(PARTS.map((p) => [p, []]));
  const gc: Parts = { worker: [], page: [] };
  const tasks = new Map<string, number[]>();
  let n = 0;
  for (const [i, m] of marks.entries()) {
    if (m.name !== 'split-sent') continue;
    const rest = marks.slice(i + 1);
    const shown = rest.find((e) => e.name === 'split-shown');
    const replied = rest.find((e) => e.name === 'split-replied');
    const next = rest.find((e) => e.name === 'split-sent');
    if (!shown || !replied || (next && next.ts < shown.ts)) continue;
    const inside = rest.filter((e) => e.ts <= replied.ts);
    const from = inside.find((e) => e.name === 'split-heard');
    const firstGet = inside.find((e) => e.name === 'split-get');
    const lastGot = inside.filter((e) => e.name === 'split-got').at(-1);
    if (!from) continue;
    n++;
    const ms = (a: TraceEvent, b: TraceEvent) => (b.ts - a.ts) / 1000;
    parts.crossing?.push(ms(m, from));
    parts['worker to reads']?.push(ms(from, firstGet ?? replied));
    parts.reads?.push(firstGet && lastGot ? ms(firstGet, lastGot) : 0);
    parts['reads to reply']?.push(ms(lastGot ?? from, replied));
    parts.render?.push(ms(replied, shown));
    parts.total?.push(ms(m, shown));
    const within = (e: TraceEvent) => e.ts >= m.ts && e.ts <= shown.ts && e.ph === 'X';
    const sums = new Map<string, number>();
    const gcMs = { worker: 0, page: 0 };
    for (const e of events) {
      if (!within(e)) continue;
      const where = heard && e.tid === heard.tid ? 'worker' : sent && e.tid === sent.tid ? 'page' : null;
      if (!where) continue;
      // The collections' outer events only: their phases nest inside them.
      if (/^(MinorGC|MajorGC|V8\.GCIncrementalMarking|V8\.GCFinalizeMC)$/.test(e.name)) {
        gcMs[where] += (e.dur ?? 0) / 1000;
      }
      if (where === 'worker') sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    if (ms(m, shown) > 60) {
      const long = events
        .filter((e) => within(e) && (e.dur ?? 0) >= 5000 && (e.tid === heard?.tid || e.tid === sent?.tid))
        .map((e) => `${e.tid === heard?.tid ? 'w' : 'p'}:${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)}`);
      console.log(`slow search ${ms(m, shown).toFixed(0)} ms: heard +${ms(m, from).toFixed(0)}, ${long.join(', ')}`);
    }
    gc.worker?.push(gcMs.worker);
    gc.page?.push(gcMs.page);
    for (const [name, v] of sums) tasks.set(name, [...(tasks.get(name) ?? []), v]);
  }
  return { parts, tasks, gc, n };
}

const m = (v: readonly number[]) =>
  `${median(v).toFixed(2)} [${Math.min(...v).toFixed(1)}–${Math.max(...v).toFixed(1)}]`;

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 3);
  await standalone('demo-pro', async (context) => {
    const worker = await liveWorker(context);
    const url = `chrome-extension://${new URL(worker.url()).host}/library.html`;
    const setup = await context.newPage();
    await setup.goto(url);
    await setup.evaluate(() => chrome.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: 1000 } }));
    await setup.close();
    const { transcripts, vocab } = generateLibrary(1000);
    await seed(worker, transcripts);
    const queries = benchQueries(vocab, transcripts);
    const [page] = await openLibrary(context, url, 120_000);
    await untilIndexed(page);
    await clockSearches(page);
    await markPage(page);
    await markWorker(await liveWorker(context));
    // Once, untimed: the index settles (its catch-up, its snapshot's timer).
    for (const q of queries.slice(0, 3)) await searchInBox(page, q.query, 120_000);
    const cdp = await context.browser()?.newBrowserCDPSession();
    if (!cdp) throw new Error('no browser session');
    const probes = [speedProbeMs()];
    const clocked: number[] = [];
    const events = await traced(
      cdp,
      'devtools.timeline,blink.user_timing,v8.execute,disabled-by-default-devtools.timeline,v8,IndexedDB',
      async () => {
        for (let r = 0; r < rounds; r++) {
          for (const q of queries) clocked.push((await searchInBox(page, q.query)).searchMs);
          probes.push(speedProbeMs());
        }
      },
    );
    await cdp.detach();
    const { parts, tasks, gc, n } = split(events);
    console.log(`${n} of ${clocked.length} searches split; the bench's clock: ${m(clocked)} ms`);
    for (const p of PARTS) console.log(`  ${p.padEnd(16)} ${m(parts[p] ?? [0])} ms`);
    console.log(`  GC in the window: worker ${m(gc.worker ?? [0])}, page ${m(gc.page ?? [0])} ms`);
    const top = [...tasks].sort((a, b) => median(b[1]) - median(a[1])).slice(0, 15);
    console.log('worker thread, events per search in the window (medians over searches with any, inclusive):');
    for (const [name, v] of top) console.log(`  ${median(v).toFixed(2).padStart(7)} ms  ×${v.length}  ${name}`);
    const writes = new Map<string, number>();
    for (const e of events) if (e.name.startsWith('split-write')) writes.set(e.name, (writes.get(e.name) ?? 0) + 1);
    console.log(`writes while searching: ${JSON.stringify([...writes])}`);
    console.log(`probe ${probes.join(', ')} ms; load ${loadavg().join(' ')}`);
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
