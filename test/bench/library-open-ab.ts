import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { launchWithExtension } from '../e2e/support/browser';
import { liveWorker } from '../e2e/support/bulk';
import { configureExtension, startTestService } from '../e2e/support/service';
import { median } from './figures';
import { listSplit, openLibrary, roomInCache, seed, untilIndexed } from './library';
import { generateLibrary } from './library-data';
import { speedProbeMs } from './speed-probe';

/**
 * `npx tsx test/bench/library-open-ab.ts <build A> <build B> [rounds] [videos]` (two test builds, e.g. a copy of
 * `.output/chrome-mv3-e2e` from before a change and the current one): library.open_ms_N_videos of both in the
 * same minutes. Each build has its own browser holding the same generated library (1,000 unless told), listed
 * and indexed first; then each round opens A and B once, in turns (A first in odd rounds), so both see the
 * same load; the speed probe is read between rounds. A tool, not a figure.
 */
type Side = { name: string; context: BrowserContext; url: string; opens: number[] };

async function side(name: string, dir: string, serviceUrl: string, videos: number): Promise<Side> {
  const context = await launchWithExtension(resolve(dir));
  await configureExtension(await liveWorker(context), serviceUrl, 'demo-pro');
  const url = `chrome-extension://${new URL((await liveWorker(context)).url()).host}/library.html`;
  await roomInCache(context, url);
  await seed(await liveWorker(context), generateLibrary(videos).transcripts);
  const [first] = await openLibrary(context, url, 120_000);
  await untilIndexed(first);
  await first.close();
  return { name, context, url, opens: [] };
}

const spread = (xs: readonly number[]) =>
  `${median(xs).toFixed(0)} [${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}]`;

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2, 4);
  if (!dirA || !dirB) throw new Error('two build directories, please');
  const rounds = Number(process.argv[4] ?? 7);
  const videos = Number(process.argv[5] ?? 1000);
  const service = await startTestService();
  const sides = [await side('A', dirA, service.url, videos), await side('B', dirB, service.url, videos)];
  const probes: number[] = [speedProbeMs()];
  try {
    for (let r = 0; r < rounds; r++) {
      for (const s of r % 2 === 0 ? sides : [...sides].reverse()) {
        const [page, ms] = await openLibrary(s.context, s.url);
        s.opens.push(ms);
        console.log(
          `round ${r + 1} ${s.name}: ${ms.toFixed(0)} ms; library.list sent→replied ${await listSplit(page)}`,
        );
        await page.close();
      }
      probes.push(speedProbeMs());
    }
    for (const s of sides) console.log(`${s.name}: open median ${spread(s.opens)} ms over ${s.opens.length}`);
    console.log(`probe ${spread(probes)} ms; load average ${loadavg().join(' ')}`);
  } finally {
    for (const s of sides) await s.context.close();
    await service.running.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
