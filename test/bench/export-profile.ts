import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from '@playwright/test';
import { liveWorker } from '../e2e/support/bulk';
import { MB, workerMemory, workerSession } from './cdp';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { median } from './figures';
import { openLibrary, roomInCache, seed, untilIndexed } from './library';
import { type BenchTranscript, libraryVideos } from './library-data';
import { exportFigures } from './scale-export';
import { standalone } from './standalone';
import { type IdbWorld, withIdb } from './worker-idb';

/** Videos generated and written at a time: 10,000 (about 1 GB of transcripts) are never held whole here. */
const SEED_PART = 100;
/** A 10,000-video library's first reading and indexing take many minutes on a loaded machine. */
const INDEXED_WITHIN_MS = 1_800_000;

/** How many transcripts the cache holds (a kept profile's library is seeded once). */
const transcriptsHeld = (worker: Worker) =>
  worker.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('transcript-lens-cache');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = db.transaction('entries').objectStore('entries').index('kind').count('transcript');
    const n = await new Promise<number>((resolve, reject) => {
      count.onsuccess = () => resolve(count.result);
      count.onerror = () => reject(count.error);
    });
    db.close();
    return n;
  });

/** Transcripts packed in place at a time (about 9 MB of values in one transaction). */
const PACK_PART = 100;

/**
 * Packs a kept profile's transcripts stored with an object per cue (as `seed` wrote them before `packed`) into the
 * blocks the cache stores (utils/cache/packed.ts), in place: the same cues, `bytes` and change count, so the
 * library's listing and index stay valid and the export reads what a real cache holds. Returns how many it packed.
 */
async function packKept(worker: Worker): Promise<number> {
  const keys = await withIdb(
    worker,
    async () => {
      const idb = (globalThis as unknown as IdbWorld).__tlBenchIdb;
      const db = await idb.open('transcript-lens-cache');
      const index = db.transaction('entries').objectStore('entries').index('kind');
      const found = (await idb.result(index.getAllKeys('transcript'))) as [string, string][];
      db.close();
      return found;
    },
    null,
  );
  let packed = 0;
  for (let i = 0; i < keys.length; i += PACK_PART) {
    packed += await withIdb(
      worker,
      async (part: [string, string][]) => {
        const idb = (globalThis as unknown as IdbWorld).__tlBenchIdb;
        const db = await idb.open('transcript-lens-cache');
        const store = db.transaction('entries', 'readwrite').objectStore('entries');
        let n = 0;
        for (const key of part) {
          const entry = await idb.result(store.get(key));
          const segments = entry?.value?.segments as { text: string; start: number; duration: number }[] | undefined;
          if (!Array.isArray(segments)) continue;
          const { segments: _cues, ...rest } = entry.value;
          // As packTranscript writes it (no named function here: tsx would wrap it in a helper the worker lacks).
          const packedSegments = {
            starts: Float64Array.from(segments, (c) => c.start),
            durations: Float64Array.from(segments, (c) => c.duration),
            lengths: Uint32Array.from(segments, (c) => c.text.length),
            texts: segments.map((c) => c.text).join(''),
          };
          await idb.result(store.put({ ...entry, value: { ...rest, packedSegments } }));
          n++;
        }
        await idb.done(store.transaction);
        db.close();
        return n;
      },
      keys.slice(i, i + PACK_PART),
    );
  }
  return packed;
}

async function seedInParts(worker: Worker, videos: number, packed: boolean): Promise<void> {
  const started = performance.now();
  let part: BenchTranscript[] = [];
  for (const video of libraryVideos(videos)) {
    part.push(video);
    if (part.length < SEED_PART) continue;
    await seed(worker, part, { packed });
    part = [];
  }
  if (part.length) await seed(worker, part, { packed });
  console.log(`seeded ${videos} videos in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * `npx tsx test/bench/export-profile.ts [videos] [rounds] [--profile] [--page] [--unpacked] [--keep=DIR]` (after
 * `npx wxt build --mode e2e`): where library.export_s_N_videos goes. Seeds the bench's generated videos (1,000 unless told),
 * listed and indexed, then runs the library page's "Export JSON" `rounds` times (3 unless told), each timed and
 * its worker peak sampled as the scale stage does (scale-export.ts); the medians last. With --profile, the
 * worker's CPU profile over the exports as self time by function; with --page, the library page's; with
 * --unpacked, the cues seeded an object each, as a cache stored them before it packed them (library.ts seed; else
 * packed, and a kept profile seeded unpacked is packed in place first); with --keep=DIR, the browser's profile
 * kept in DIR, its library seeded and indexed by the first run only (10,000 take many minutes): the extension's
 * id follows its folder, so two builds measured alternately are each copied into one folder in turn
 * (TL_EXTENSION_DIR), and the profile's service worker is dropped before each run: Chrome otherwise keeps running
 * the first build's worker script, whatever the folder holds or its version says (so runs compared pages only). A
 * tool for finding the cost, not a figure.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const videos = Number(args[0] ?? 1000);
  const rounds = Number(args[1] ?? 3);
  const profile = process.argv.includes('--profile');
  // Packed unless told: as the cache holds a transcript since it packs them (utils/cache/packed.ts).
  const packed = !process.argv.includes('--unpacked');
  const pageSelf = process.argv.includes('--page') ? new Map<string, number>() : undefined;
  const keep = process.argv.find((a) => a.startsWith('--keep='))?.slice('--keep='.length) ?? '';
  // Registered again from the folder's build at the launch (its data, in IndexedDB, stays).
  if (keep) rmSync(join(keep, 'Default', 'Service Worker'), { recursive: true, force: true });
  await standalone(
    'demo-pro',
    async (context) => {
      const worker = await liveWorker(context);
      const url = `chrome-extension://${new URL(worker.url()).host}/library.html`;
      await roomInCache(context, url);
      const held = await transcriptsHeld(worker);
      if (held < videos) await seedInParts(worker, videos, packed);
      else console.log(`the kept profile holds ${held} transcripts: not seeded again`);
      if (packed && held >= videos) console.log(`packed in place: ${await packKept(worker)} transcripts`);
      // Listed and indexed first, as in the scale stage: the export's own cost, not the first reading's beside it.
      const [opened] = await openLibrary(context, url, 300_000);
      const indexedAt = await untilIndexed(opened, INDEXED_WITHIN_MS);
      console.log(`listed and indexed at ${(indexedAt / 1000).toFixed(0)} s`);
      await opened.close();
      const cdp = profile ? await workerSession(context) : null;
      if (cdp) {
        await cdp.call('Profiler.enable');
        await cdp.call('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.call('Profiler.start');
      }
      const seconds: number[] = [];
      const peaks: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const [time, peak] = await exportFigures(context, url, videos, pageSelf);
        seconds.push(time?.value ?? Number.NaN);
        peaks.push(peak?.value ?? Number.NaN);
        // After a forced GC: what the export left held, apart from the garbage the peak counts.
        const { heap, buffers } = await workerMemory(context);
        console.log(
          `after export ${i + 1}, GC'd: JS heap ${(heap / MB).toFixed(1)} + buffers ${(buffers / MB).toFixed(1)} MB`,
        );
      }
      console.log(
        `export of ${videos}: median ${median(seconds).toFixed(1)} s, worker peak ${median(peaks).toFixed(1)} MB`,
      );
      if (pageSelf) console.log(`library page: self time per export, by function\n${top(pageSelf, 25, rounds)}`);
      if (cdp) {
        const { profile: worked } = (await cdp.call('Profiler.stop')) as { profile: CpuProfile };
        const self = new Map<string, number>();
        foldProfile(worked, { self });
        console.log(`worker: self time per export, by function\n${top(self, 25, rounds)}`);
        await cdp.close();
      }
    },
    keep,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
