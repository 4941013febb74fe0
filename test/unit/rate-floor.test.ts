import { describe, expect, it } from 'vitest';
import { floorMs, floorStarts, laneLimits } from '../../utils/scheduler/floor';

// Expected values are worked out by hand from the spec's Limits: REST burst 5 per 10 s, MCP burst 30 per 10 s,
// analysis starts 10 per minute (REST and MCP), polling 30 per 10 s, and each plan's requests per minute
// (Free 60, Starter 200, Pro 500, Team 1000). Polls are counted apart from the REST burst (the lane table's
// choice, utils/scheduler/limits.ts).
describe('the rate-limit floor', () => {
  it('each lane counts against the spec’s windows and its plan’s requests per minute', () => {
    expect(laneLimits('rest', 'starter')).toEqual([
      { limit: 5, periodMs: 10_000 },
      { limit: 200, periodMs: 60_000 },
    ]);
    expect(laneLimits('poll', 'team')).toEqual([
      { limit: 30, periodMs: 10_000 },
      { limit: 1000, periodMs: 60_000 },
    ]);
    expect(laneLimits('watchStart', 'pro')).toEqual([
      { limit: 5, periodMs: 10_000 },
      { limit: 10, periodMs: 60_000 },
      { limit: 500, periodMs: 60_000 },
    ]);
    expect(laneLimits('mcp', 'free')).toEqual([
      { limit: 30, periodMs: 10_000 },
      { limit: 60, periodMs: 60_000 },
    ]);
    expect(laneLimits('mcpAnalyze', 'team')).toEqual([
      { limit: 30, periodMs: 10_000 },
      { limit: 10, periodMs: 60_000 },
      { limit: 1000, periodMs: 60_000 },
    ]);
  });

  it('REST: the burst of 5 per 10 s binds on every plan (30 a minute is under even Free’s 60)', () => {
    expect(floorMs(5, 'rest', 'starter')).toBe(0);
    expect(floorMs(10, 'rest', 'starter')).toBe(10_000); // 5 at 0 s, 5 at 10 s
    expect(floorMs(11, 'rest', 'pro')).toBe(20_000);
    expect(floorMs(61, 'rest', 'free')).toBe(120_000); // the 61st is the first of the 13th group of 5
  });

  it('MCP: the burst of 30 per 10 s, then Free’s 60 a minute', () => {
    expect(floorMs(60, 'mcp', 'free')).toBe(10_000); // 30 at 0 s, 30 at 10 s
    expect(floorMs(61, 'mcp', 'free')).toBe(60_000); // the 61st waits for the first to leave the minute
    expect(floorMs(61, 'mcp', 'pro')).toBe(20_000); // Pro's 500 a minute does not bind
  });

  it('analysis starts: 10 a minute, on REST and MCP alike; polls: 30 per 10 s', () => {
    expect(floorMs(10, 'watchStart', 'team')).toBe(10_000); // the REST burst: 5 at 0 s, 5 at 10 s
    expect(floorMs(11, 'watchStart', 'team')).toBe(60_000);
    expect(floorMs(11, 'mcpAnalyze', 'pro')).toBe(60_000);
    expect(floorMs(30, 'poll', 'starter')).toBe(0);
    expect(floorMs(31, 'poll', 'starter')).toBe(10_000);
  });

  it('a window of 3 per minute alone: the 4th waits a minute, the 7th two', () => {
    expect(floorStarts([], 7, [{ limit: 3, periodMs: 60_000 }], 0)).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000]);
  });

  it('counts the starts already made: after a restart the next request waits for the window', () => {
    const limits = laneLimits('rest', 'starter');
    expect(floorStarts([1_000, 2_000, 3_000, 4_000, 5_000], 2, limits, 6_000)).toEqual([11_000, 12_000]);
    expect(floorStarts([1_000], 1, limits, 6_000)).toEqual([6_000]);
  });
});
