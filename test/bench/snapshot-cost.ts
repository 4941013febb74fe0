/**
 * What writing the library index's snapshot holds the worker for, in Node: `node node_modules/.bin/tsx
 * test/bench/snapshot-cost.ts` after engine-split.ts has saved its snapshot (VIDEOS=1000 unless told). The index
 * is loaded, one video is indexed (as the catch-up does), then `toSnapshot` is timed in CPU ms, five times, with
 * the structured clone IndexedDB makes of it. A tool for finding the cost, not a figure.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { INDEX_PASSAGE_SECONDS, SearchEngine, transcriptPassages, videoDoc } from '../../utils/search';
import { libraryVideos } from './library-data';
import { speedProbeMs } from './speed-probe';

const videos = Number(process.env.VIDEOS ?? 1000);
const file = join(process.env.SNAPSHOT_DIR ?? '/tmp', `engine-split-${videos}.bin`);
const engine = SearchEngine.load(deserialize(readFileSync(file)), { keepsText: false });
if (!engine) throw new Error(`no snapshot at ${file}: run engine-split.ts first`);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const probe = speedProbeMs();
const pack: number[] = [];
const clone: number[] = [];
for (const [i, t] of [...libraryVideos(5)].entries()) {
  const docs = [videoDoc(t.title, t.author), ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS, 'en')];
  engine.setVideo({ videoId: `again${i}`, title: t.title, channel: t.author, docs }, 'sig');
  const t0 = cpuMs();
  const snapshot = engine.toSnapshot();
  const t1 = cpuMs();
  serialize(snapshot);
  pack.push(t1 - t0);
  clone.push(cpuMs() - t1);
}
console.log(
  `${videos} videos: toSnapshot ${pack.map((v) => v.toFixed(0)).join(', ')} ms; its clone ${clone.map((v) => v.toFixed(0)).join(', ')} ms (CPU); probe ${probe}–${speedProbeMs()} ms`,
);
