import { describe, expect, it } from 'vitest';
import { machineLine } from '../bench/machine';
import { probeWork, speedProbeMs } from '../bench/speed-probe';

/** The speed probe the bench prints beside the machine: the same work timed, so that machines can be compared. */
describe('speed probe', () => {
  it('is the median of the timed samples, after one warm-up that is not counted', () => {
    // The clock each sample reads at its start and end: samples of 10, 3, 17, 1 and 9 ms.
    const ticks = [0, 10, 10, 13, 13, 30, 30, 31, 31, 40];
    let calls = 0;
    const ms = speedProbeMs(
      5,
      () => ticks.shift() ?? Number.NaN,
      () => {
        calls++;
        return 0;
      },
    );
    expect(ms).toBe(9);
    expect(calls).toBe(6);
    expect(ticks).toHaveLength(0);
  });

  it('does the same work every time (a checksum no engine can skip)', () => {
    const sum = probeWork();
    expect(Number.isInteger(sum)).toBe(true);
    expect(sum).toBeGreaterThan(0);
    expect(probeWork()).toBe(sum);
  });

  it('is printed beside the machine, at the start and at the end', () => {
    const machine = {
      cores: 2,
      cpu: 'AMD EPYC',
      memoryGb: 24,
      node: 'v22.23.3',
      platform: 'linux x64',
      loadAtStart: [0.1, 0.2, 0.3],
      loadAtEnd: null,
      probeMsAtStart: 37.3,
      probeMsAtEnd: null,
    };
    expect(machineLine(machine)).toMatch(/speed probe .* at the start 37\.3 ms$/);
    expect(machineLine({ ...machine, loadAtEnd: [1, 1, 1], probeMsAtEnd: 80.5 })).toMatch(
      /at the start 37\.3 ms, at the end 80\.5 ms$/,
    );
  });
});
