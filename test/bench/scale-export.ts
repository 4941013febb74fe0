import { statSync } from 'node:fs';
import type { BrowserContext, Download } from '@playwright/test';
import { MB, workerPeak, workerSession } from './cdp';
import { type CpuProfile, foldProfile } from './cpu-profile';
import { type Figure, figure } from './figures';
import { openLibrary } from './library';

/** The issue's goals for the export of 10,000 videos: its time, and the worker's heap while it runs. */
const EXPORT_GOAL_S = 30;
const EXPORT_HEAP_GOAL_MB = 80;
/** Longer than any export should take: a stalled one is a figure (NaN), not a bench that never ends. */
const EXPORT_WITHIN_MS = 600_000;

type Ended = { download: Download } | { failed: string };

/**
 * library.export_s_N_videos: the library page's "Export JSON" with nothing selected (every video), from the
 * click to the file being handed to the browser's downloads, in seconds (once: it takes long); beside it
 * library.export_worker_peak_mb_N_videos, the worker's JS heap plus array buffers sampled every 250 ms while it
 * runs (no forced GC: what it held). An export that fails (the page's error, a crash, no file within 10 minutes)
 * is NaN with what happened in the note. The file itself is deleted unread: its size is in the note.
 */
export async function exportFigures(
  context: BrowserContext,
  url: string,
  n: number,
  /** export-profile.ts --page: the library page's self time by function over the export, added to this. */
  pageSelf?: Map<string, number>,
): Promise<Figure[]> {
  const [page] = await openLibrary(context, url, 120_000);
  // The export is offered once the library is read (its button disabled until then).
  const button = page.getByRole('button', { name: 'Export JSON' });
  await page.waitForFunction(
    () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Export JSON' && !b.disabled),
    undefined,
    { timeout: EXPORT_WITHIN_MS },
  );
  // What the worker holds as the export starts, garbage included (no GC): the peak's part that is not the export's.
  const before = await workerSession(context);
  const atClick = (await before.call('Runtime.getHeapUsage')) as { usedSize?: number; backingStorageSize?: number };
  await before.close();
  const startMb = ((atClick.usedSize ?? 0) + (atClick.backingStorageSize ?? 0)) / MB;
  const peak = await workerPeak(context);
  const ended = new Promise<Ended>((resolve) => {
    page.once('download', (download) => resolve({ download }));
    page.once('crash', () => resolve({ failed: 'the page crashed' }));
    page.on('pageerror', (error) => resolve({ failed: `the page threw: ${error.message}` }));
    page
      .getByRole('alert')
      .waitFor({ timeout: EXPORT_WITHIN_MS })
      .then(
        async () => resolve({ failed: `the page said: ${await page.getByRole('alert').innerText()}` }),
        () => resolve({ failed: `no file within ${EXPORT_WITHIN_MS / 1000} s` }),
      );
  });
  const cdp = pageSelf ? await context.newCDPSession(page) : null;
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  const started = Date.now();
  await button.click();
  const end = await ended;
  const seconds = (Date.now() - started) / 1000;
  if (cdp && pageSelf)
    foldProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, { self: pageSelf });
  const peakMb = (await peak.stop()) / MB;
  const split = peak.split();
  let note: string;
  if ('download' in end) {
    const path = await end.download.path().catch(() => null);
    const size = path ? statSync(path).size : Number.NaN;
    note = `the file ${(size / MB).toFixed(0)} MB`;
    await end.download.delete();
  } else note = end.failed;
  await page.close().catch(() => undefined);
  const done = 'download' in end;
  console.log(
    `scale ${n}: export ${done ? `${seconds.toFixed(1)} s` : 'failed'}; ${note}; worker peak ${peakMb.toFixed(1)} MB (JS heap ${(split.heap / MB).toFixed(1)} + buffers ${(split.buffers / MB).toFixed(1)}; ${startMb.toFixed(1)} at the click, JS heap ${((atClick.usedSize ?? 0) / MB).toFixed(1)})`,
  );
  const big = n >= 10_000;
  const exportS = done ? seconds : Number.NaN;
  return [
    {
      ...figure(
        `library.export_s_${n}_videos`,
        exportS,
        's',
        big ? `≤ ${EXPORT_GOAL_S}` : '—',
        big ? exportS <= EXPORT_GOAL_S : null,
      ),
      note: `once (${note})`,
    },
    figure(
      `library.export_worker_peak_mb_${n}_videos`,
      peakMb,
      'MB',
      big ? `≤ ${EXPORT_HEAP_GOAL_MB}` : '—',
      big ? peakMb <= EXPORT_HEAP_GOAL_MB : null,
    ),
  ];
}
