/**
 * The library search engine alone over the bench's generated videos, in Node: what the worker holds for it
 * (its snapshot loaded in a fresh process, the texts on disk as in the worker, after the bench's searches), the
 * snapshot's size, save and load times, and each bench query's search time. Fast to iterate on; the page
 * figures are in run.ts.
 * Run: node --expose-gc node_modules/.bin/tsx test/bench/engine-profile.ts
 * (VIDEOS=3000: the slope; ROUNDS=5; ENGINE=oracle: the engine before the coded postings, test/search-oracle/)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { INDEX_PASSAGE_SECONDS, type Ranked, SearchEngine, transcriptPassages, videoDoc } from '../../utils/search';
import { OracleEngine } from '../search-oracle/engine';
import { benchQueries, libraryVideos, vocabulary } from './library-data';

type Engine = { rank(query: string, opts: { limit: number }): Ranked[]; documentCount: number };
const videos = Number(process.env.VIDEOS ?? 1000);
const oracle = process.env.ENGINE === 'oracle';
const ON_DISK = { keepsText: false };
const file = process.env.PROFILE_SNAPSHOT;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** The JS heap and the typed arrays' buffers (outside it): both are the index's memory. */
const memoryMb = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed / 2 ** 20, buffers: arrayBuffers / 2 ** 20 };
};
const fixed = (n: number) => n.toFixed(1);

/** Indexes the videos as they are generated, never held whole (10,000 are about 1 GB of text); saves the snapshot. */
function build(to: string): void {
  const engine = oracle ? OracleEngine.create(ON_DISK) : SearchEngine.create(ON_DISK);
  let t0 = performance.now();
  for (const t of libraryVideos(videos)) {
    const docs = [videoDoc(t.title, t.author), ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS, 'en')];
    engine.setVideo({ videoId: t.videoId, title: t.title, channel: t.author, docs }, 'sig');
  }
  const buildMs = performance.now() - t0;
  t0 = performance.now();
  // IndexedDB stores the snapshot by structured clone, as v8.serialize does.
  const bytes = serialize(engine.toSnapshot());
  const saveMs = performance.now() - t0;
  writeFileSync(to, bytes);
  console.log(
    `${oracle ? 'oracle' : 'coded'} ${videos} videos  docs ${engine.documentCount}  build ${buildMs.toFixed(0)} ms  ` +
      `save ${saveMs.toFixed(0)} ms  snapshot ${fixed(bytes.length / 2 ** 20)} MB`,
  );
}

/**
 * Node's deserializer makes every typed array a view into one buffer of the whole snapshot (a view keeps it
 * all); IndexedDB gives each its own: copied so, as the worker would hold them.
 */
function ownBuffers(value: unknown): unknown {
  if (ArrayBuffer.isView(value) && 'slice' in value && typeof value.slice === 'function') return value.slice();
  if (Array.isArray(value)) return value.map(ownBuffers);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, ownBuffers(v)]));
  }
  return value;
}

/** The snapshot read as the worker reads it, and loaded: its own function, so nothing of the read stays live. */
function load(from: string): { engine: Engine; loadMs: number } {
  const stored = ownBuffers(deserialize(readFileSync(from)));
  const t0 = performance.now();
  const engine: Engine | null = oracle ? OracleEngine.load(stored, ON_DISK) : SearchEngine.load(stored, ON_DISK);
  if (!engine) throw new Error('snapshot did not load');
  return { engine, loadMs: performance.now() - t0 };
}

/** The bench's searches, `ROUNDS` times each: the median over queries of each query's median, and the slowest. */
function searches(engine: Engine, queries: readonly { query: string }[]): { median: number; max: number } {
  const rounds = Number(process.env.ROUNDS ?? 5);
  const all: number[] = [];
  for (const q of queries) {
    const times: number[] = [];
    let hits: Ranked[] = [];
    for (let r = 0; r < rounds; r++) {
      const s = performance.now();
      hits = engine.rank(q.query, { limit: 100 });
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const med = times[Math.floor(times.length / 2)] ?? 0;
    all.push(med);
    console.log(
      `${q.query.padEnd(24)} ${med.toFixed(1).padStart(7)} ms  hits ${hits.length}  first ${hits[0]?.videoId}`,
    );
  }
  all.sort((a, b) => a - b);
  return { median: all[Math.floor(all.length / 2)] ?? 0, max: all.at(-1) ?? 0 };
}

type Memory = ReturnType<typeof memoryMb>;
/** The memory once a reading half a second after the last is no lower by 0.5 MB (12 readings at most). */
function settled(then: (memory: Memory) => void, last = memoryMb(), left = 12): void {
  setTimeout(() => {
    const now = memoryMb();
    const falling = now.heap + now.buffers < last.heap + last.buffers - 0.5;
    if (falling && left > 1) settled(then, now, left - 1);
    else then(now);
  }, 500);
}

/**
 * A worker's start: the snapshot loaded (nothing else held), then the bench's searches, the memory held measured
 * from before anything; each step after a turn of the event loop, so what the one before left is garbage.
 */
function loadAndSearch(from: string): void {
  const before = memoryMb();
  const queries = benchQueries(vocabulary(), [...libraryVideos(100)]);
  setImmediate(() => {
    const { engine, loadMs } = load(from);
    setImmediate(() => {
      const loaded = memoryMb();
      const { median, max } = searches(engine, queries);
      // V8 frees array buffers' memory after a collection, not in it: read until it stops falling (6 s at most).
      settled((searched) => {
        const held = (m: { heap: number; buffers: number }) =>
          `heap ${fixed(m.heap - before.heap)} MB + buffers ${fixed(m.buffers - before.buffers)} MB`;
        console.log(`load ${loadMs.toFixed(0)} ms  search median ${fixed(median)} ms  max ${fixed(max)} ms`);
        console.log(`held: loaded ${held(loaded)}; after the searches ${held(searched)}`);
        if (engine.documentCount === 0) throw new Error('the loaded engine is empty');
      });
    });
  });
}

if (file) loadAndSearch(file);
else {
  const to = join(tmpdir(), `engine-profile-${process.pid}.bin`);
  build(to);
  // A fresh process, as a worker started again: nothing of the build is left in its heap.
  const args = [...process.execArgv, ...process.argv.slice(1)];
  spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, PROFILE_SNAPSHOT: to } });
  rmSync(to);
}
