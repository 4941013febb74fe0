/**
 * The library search engine alone over the bench's 1,000 videos, in Node: heap held by the index, snapshot
 * size and load time, and each bench query's search time. Fast to iterate on; the page figures are in run.ts.
 * Run: node --expose-gc node_modules/.bin/tsx test/bench/engine-profile.ts
 */
import { INDEX_PASSAGE_SECONDS, SearchEngine, transcriptPassages, videoDoc } from '../../utils/search';
import { benchQueries, generateLibrary } from './library-data';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** The JS heap and the typed arrays' buffers (outside it): both are the index's memory. */
const memoryMb = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed / 2 ** 20, buffers: arrayBuffers / 2 ** 20 };
};

const { transcripts, vocab } = generateLibrary(1000);
const before = memoryMb();
const engine = SearchEngine.create();
let t0 = performance.now();
for (const t of transcripts) {
  engine.setVideo(
    {
      videoId: t.videoId,
      title: t.title,
      channel: t.author,
      docs: [videoDoc(t.title, t.author), ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS)],
    },
    'sig',
  );
}
const buildMs = performance.now() - t0;
const after = memoryMb();
const heap = after.heap - before.heap;
const buffers = after.buffers - before.buffers;
t0 = performance.now();
// IndexedDB stores the snapshot by structured clone: the same copy is made here.
const snapshot = structuredClone(engine.toSnapshot());
const saveMs = performance.now() - t0;
t0 = performance.now();
const loadedEngine = SearchEngine.load(structuredClone(snapshot));
const loadMs = performance.now() - t0;
if (!loadedEngine) throw new Error('snapshot did not load');
console.log(
  `docs ${engine.documentCount}  build ${buildMs.toFixed(0)} ms  heap ${heap.toFixed(1)} MB + buffers ${buffers.toFixed(1)} MB  save ${saveMs.toFixed(0)} ms  load ${loadMs.toFixed(0)} ms`,
);
const queries = benchQueries(vocab, transcripts);
const rounds = Number(process.env.ROUNDS ?? 5);
const all: number[] = [];
for (const q of queries) {
  const times: number[] = [];
  let n = 0;
  let first = '';
  for (let r = 0; r < rounds; r++) {
    const s = performance.now();
    const hits = engine.search(q.query, { limit: 100 });
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
