/**
 * The engine's time per bench query and where it goes, in Node: `node node_modules/.bin/tsx
 * test/bench/engine-split.ts` (VIDEOS=1000 unless told; LIMIT=20, the page's first ask; ROUNDS=15). The
 * snapshot is built once and kept in SNAPSHOT_DIR (/tmp), so A/B runs of two engines load the same index.
 * Prints each query's median CPU time (ten searches a sample) and the self time by function over all searches (the inspector's CPU profile).
 * A tool for finding the cost, not a figure.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { INDEX_PASSAGE_SECONDS, SearchEngine, transcriptPassages, videoDoc } from '../../utils/search';
import { type CpuProfile, foldProfile, top } from './cpu-profile';
import { median } from './figures';
import { benchQueries, libraryVideos, vocabulary } from './library-data';
import { speedProbeMs } from './speed-probe';

const videos = Number(process.env.VIDEOS ?? 1000);
const limit = Number(process.env.LIMIT ?? 20);
const rounds = Number(process.env.ROUNDS ?? 15);
const ON_DISK = { keepsText: false };
const file = join(process.env.SNAPSHOT_DIR ?? '/tmp', `engine-split-${videos}.bin`);

if (!existsSync(file)) {
  const engine = SearchEngine.create(ON_DISK);
  for (const t of libraryVideos(videos)) {
    const docs = [videoDoc(t.title, t.author), ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS, 'en')];
    engine.setVideo({ videoId: t.videoId, title: t.title, channel: t.author, docs }, 'sig');
  }
  writeFileSync(file, serialize(engine.toSnapshot()));
}
const engine = SearchEngine.load(deserialize(readFileSync(file)), ON_DISK);
if (!engine) throw new Error('snapshot did not load');
const queries = benchQueries(vocabulary(), [...libraryVideos(100)]);
const probe = speedProbeMs();
// Warm: every query once, as the worker has after its first searches.
for (const q of queries) engine.rank(q.query, { limit });
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const times = new Map<string, number[]>();
/** The process's CPU time in ms (user and system): on a loaded machine its wall time is mostly waiting. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
for (let r = 0; r < rounds; r++) {
  for (const q of queries) {
    const t0 = cpuMs();
    // Ten searches a sample: the CPU clock counts in steps of a millisecond or so on some kernels.
    for (let i = 0; i < 10; i++) engine.rank(q.query, { limit });
    times.set(q.query, [...(times.get(q.query) ?? []), (cpuMs() - t0) / 10]);
  }
}
const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
const medians = [...times].map(([q, v]) => [q, median(v)] as const);
for (const [q, v] of medians) console.log(`${q.padEnd(24)} ${v.toFixed(2).padStart(7)} ms`);
console.log(
  `${videos} videos, limit ${limit}, ${rounds} rounds: median of the queries' medians ${median(medians.map(([, v]) => v)).toFixed(2)} ms, sum ${medians.reduce((n, [, v]) => n + v, 0).toFixed(1)} ms; probe ${probe}–${speedProbeMs()} ms`,
);
const self = new Map<string, number>();
foldProfile(profile, { self });
console.log(`self time per round of the 20 queries, by function:\n${top(self, 14, rounds, 2)}`);
