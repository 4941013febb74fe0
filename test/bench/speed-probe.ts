import { performance } from 'node:perf_hooks';
import { median } from './figures';

/**
 * One fixed piece of work, the same on every machine: 200,000 pseudo-random numbers sorted and 20,000 small
 * records through JSON and back. Its checksum is returned so that no engine can leave any of it out.
 */
export function probeWork(): number {
  let seed = 12_345;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed;
  };
  const numbers = Float64Array.from({ length: 200_000 }, next).sort();
  const records = Array.from({ length: 20_000 }, (_, i) => ({ id: `v${i}`, start: next() / 1000, text: `cue ${i}` }));
  const back = JSON.parse(JSON.stringify(records)) as typeof records;
  let sum = 0;
  for (let i = 0; i < numbers.length; i += 1000) sum = (sum + (numbers[i] ?? 0)) % 1_000_000_007;
  for (const r of back) sum = (sum + r.text.length + Math.floor(r.start)) % 1_000_000_007;
  return sum;
}

/**
 * The median time of the same work, `samples` times (the first is a warm-up, not counted): two machines with the
 * same cores and a quiet load can still differ two or three times in speed, and every timing figure with them
 * (docs/benchmarks.md, "Three full runs"). The bench prints it beside the machine, at its start and its end.
 */
export function speedProbeMs(samples = 5, now: () => number = () => performance.now(), work = probeWork): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = now();
    work();
    times.push(now() - start);
  }
  return Math.round(median(times) * 10) / 10;
}
