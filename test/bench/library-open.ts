import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { liveWorker } from '../e2e/support/bulk';
import { type WorkerSession, workerMemory, workerSession } from './cdp';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { median } from './figures';
import { cacheCounts, listSplit, openLibrary, seed, untilIndexed } from './library';
import { type BenchTranscript, generateLibrary } from './library-data';
import { clockSearches, searchInBox } from './library-search';
import { loadSplit } from './open-timing';
import { standalone } from './standalone';
import { type IdbWorld, withIdb } from './worker-idb';

/**
 * `npx tsx test/bench/library-open.ts [opens] [--extra=N] [--churn=N] [--tabs=N] [--search] [--profile] [--page-profile]` (after
 * `npx wxt build --mode e2e`): where library.open_ms_1000_videos goes, and what in the cache makes it grow.
 * Seeds the bench's 1,000 videos; --extra=N seeds N more transcripts of other videos (the full run's earlier
 * stages leave theirs: the bulk runs' 500); --churn=N writes N more and deletes them again (the bulk runs
 * delete 500 transcripts before each of their ten runs). Opens the library until indexed (the first open),
 * optionally searches once (--search: the index's snapshot timer armed, as in the bench), then opens it `opens`
 * times (10 unless told) and prints each open, its `library.list` round trip, where its start went and the
 * medians; --tabs=N opens it that many times without, then with N library pages kept open (as earlier stages
 * left them), then without again, back to back. --profile adds the worker's CPU profile over the opens, as self
 * time by function; --page-profile the page's, from before its navigation to its first rows. A tool, not a figure.
 */
type Call = (method: string, params?: object) => Promise<unknown>;

const arg = (name: string, fallback: number) => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return raw === undefined ? fallback : Number(raw);
};

/** Writes the transcripts under other ids and deletes them again, as the bulk runs' forgetting does. */
async function churn(worker: Worker, transcripts: readonly BenchTranscript[]): Promise<void> {
  const renamed = transcripts.map((t, i) => ({ ...t, videoId: `churn${String(i).padStart(6, '0')}` }));
  await seed(worker, renamed);
  await withIdb(
    worker,
    async (ids) => {
      const idb = (globalThis as unknown as IdbWorld).__tlBenchIdb;
      const db = await idb.open('transcript-lens-cache');
      const tx = idb.counted(db);
      for (const id of ids) tx.objectStore('entries').delete(['transcript', `${id}:en`]);
      await idb.done(tx);
      db.close();
    },
    renamed.map((t) => t.videoId),
  );
}

/** The page's own CPU profile from before its navigation (--page-profile), its self time by function summed. */
const pageSelf = new Map<string, number>();

async function opens(context: BrowserContext, url: string, n: number): Promise<number[]> {
  const times: number[] = [];
  const profiling = process.argv.includes('--page-profile');
  for (let i = 0; i < n; i++) {
    let cdp: CDPSession | null = null;
    const before = async (page: Page) => {
      cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    };
    const [page, ms]: [Page, number] = await openLibrary(context, url, 30_000, profiling ? before : undefined);
    if (cdp) {
      const session: CDPSession = cdp;
      const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      foldProfile(profile, { self: pageSelf });
      await session.detach();
    }
    times.push(ms);
    console.log(
      `open ${i + 1}: ${ms.toFixed(0)} ms; library.list sent→replied ${await listSplit(page)} ${await loadSplit(page)}`,
    );
    await page.close();
  }
  return times;
}

function summary(what: string, times: readonly number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${what}: median ${median(times).toFixed(0)} [${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)}] ms over ${times.length}`,
  );
}

async function main(): Promise<void> {
  const count = Number(process.argv[2]?.startsWith('--') ? 10 : (process.argv[2] ?? 10));
  const extra = arg('extra', 0);
  const churned = arg('churn', 0);
  const profiling = process.argv.includes('--profile');
  await standalone('demo-pro', async (context) => {
    const url = `chrome-extension://${new URL((await liveWorker(context)).url()).host}/library.html`;
    const setup = await context.newPage();
    await setup.goto(url);
    await setup.evaluate(() => chrome.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: 1000 } }));
    await setup.close();
    const { transcripts } = generateLibrary(1000 + Math.max(extra, churned));
    // Generating thousands takes long enough under load for the idle worker to be stopped: the running one.
    const worker = await liveWorker(context);
    await seed(worker, transcripts.slice(0, 1000 + extra));
    if (churned > 0) await churn(worker, transcripts.slice(0, churned));
    console.log(`the cache holds ${await cacheCounts(worker)}`);
    const [first] = await openLibrary(context, url, 120_000);
    const indexedAt = await untilIndexed(first);
    console.log(`first open indexed at ${indexedAt.toFixed(0)} ms`);
    if (process.argv.includes('--search')) {
      await clockSearches(first);
      await searchInBox(first, 'channel 7', 120_000);
    }
    await first.close();
    const memory = await workerMemory(context);
    console.log(
      `worker heap ${(memory.heap / 2 ** 20).toFixed(1)} MB + buffers ${(memory.buffers / 2 ** 20).toFixed(1)} MB`,
    );
    let workerCdp: WorkerSession | null = null;
    if (profiling) {
      workerCdp = await workerSession(context);
      const call: Call = workerCdp.call;
      await call('Profiler.enable');
      await call('Profiler.setSamplingInterval', { interval: 100 });
      await call('Profiler.start');
    }
    const tabs = arg('tabs', 0);
    if (tabs > 0) {
      // Without, with and again without the kept pages, back to back: the same load for all three.
      summary('without kept pages', await opens(context, url, count));
      const kept: Page[] = [];
      for (let i = 0; i < tabs; i++) kept.push((await openLibrary(context, url))[0]);
      summary(`with ${tabs} library pages kept open`, await opens(context, url, count));
      await Promise.all(kept.map((p) => p.close()));
    }
    summary(tabs > 0 ? 'without them again' : 'opens', await opens(context, url, count));
    if (pageSelf.size) console.log(`page: self time per open, by function\n${top(pageSelf, 30, count, 2)}`);
    if (workerCdp) {
      const { profile } = (await workerCdp.call('Profiler.stop')) as { profile: CpuProfile };
      const self = new Map<string, number>();
      foldProfile(profile, { self });
      console.log(`worker: self time per open, by function\n${top(self, 30, count, 2)}`);
      await workerCdp.close();
    }
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
