/**
 * The library search engine alone over the bench's generated videos, in Node: what the worker holds for it
 * (loaded from its snapshot, texts on disk as in the worker, after the bench's searches), its snapshot's save
 * and load times, and each bench query's search time. Fast to iterate on; the page figures are in run.ts.
 * Run: node --expose-gc node_modules/.bin/tsx test/bench/engine-profile.ts (VIDEOS=3000: the slope; ROUNDS=5)
 */
import { INDEX_PASSAGE_SECONDS, SearchEngine, transcriptPassages, videoDoc } from '../../utils/search';
import { type BenchTranscript, benchQueries, libraryVideos, vocabulary } from './library-data';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** The JS heap and the typed arrays' buffers (outside it): both are the index's memory. */
const memoryMb = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed / 2 ** 20, buffers: arrayBuffers / 2 ** 20 };
};
const fixed = (n: number) => n.toFixed(1);

const videos = Number(process.env.VIDEOS ?? 1000);
const before = memoryMb();
// The videos are generated one at a time and indexed, never held whole (10,000 are about 1 GB of text).
const kept: BenchTranscript[] = [];
let built: SearchEngine | null = SearchEngine.create({ keepsText: false });
let t0 = performance.now();
for (const t of libraryVideos(videos)) {
  if (kept.length < 100) kept.push(t);
  built.setVideo(
    {
      videoId: t.videoId,
      title: t.title,
      channel: t.author,
      docs: [videoDoc(t.title, t.author), ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS, 'en')],
    },
    'sig',
  );
}
const buildMs = performance.now() - t0;
const documents = built.documentCount;
const queries = benchQueries(vocabulary(), kept);
kept.length = 0;
t0 = performance.now();
// IndexedDB stores the snapshot by structured clone: the same copy is made here.
let stored: unknown = structuredClone(built.toSnapshot());
const saveMs = performance.now() - t0;
built = null;
t0 = performance.now();
let engine = SearchEngine.load(structuredClone(stored), { keepsText: false });
const loadMs = performance.now() - t0;
stored = null;
// Loaded again from a clone of its own snapshot, so nothing of the build or the first clone stays behind.
engine = engine && SearchEngine.load(structuredClone(engine.toSnapshot()), { keepsText: false });
if (!engine) throw new Error('snapshot did not load');
const loaded = memoryMb();
console.log(
  `${videos} videos  docs ${documents}  build ${buildMs.toFixed(0)} ms  save ${saveMs.toFixed(0)} ms  load ${loadMs.toFixed(0)} ms`,
);
const rounds = Number(process.env.ROUNDS ?? 5);
const all: number[] = [];
for (const q of queries) {
  const times: number[] = [];
  let n = 0;
  let first = '';
  for (let r = 0; r < rounds; r++) {
    const s = performance.now();
    const hits = engine.rank(q.query, { limit: 100 });
    times.push(performance.now() - s);
    n = hits.length;
    first = hits[0]?.videoId ?? '';
  }
  times.sort((a, b) => a - b);
  const med = times[Math.floor(times.length / 2)] ?? 0;
  all.push(med);
  console.log(`${q.query.padEnd(24)} ${med.toFixed(1).padStart(7)} ms  hits ${n}  first ${first}`);
}
all.sort((a, b) => a - b);
console.log(`median over queries ${all[Math.floor(all.length / 2)]?.toFixed(1)} ms  max ${all.at(-1)?.toFixed(1)} ms`);
const searched = memoryMb();
const held = (m: { heap: number; buffers: number }) =>
  `heap ${fixed(m.heap - before.heap)} MB + buffers ${fixed(m.buffers - before.buffers)} MB`;
console.log(`held: loaded ${held(loaded)}; after the searches ${held(searched)}`);
// Keep the engine alive through the last measure.
if (engine.documentCount !== documents) throw new Error('the loaded engine lost documents');
