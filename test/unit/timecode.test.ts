import { describe, expect, it } from 'vitest';
import { clockOfMs, formatTime, parseTime } from '../../utils/timecode';

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.999, '0:59'],
    [60, '1:00'],
    [65.9, '1:05'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36000 + 61, '10:01:01'],
  ])('%s → %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });

  it.each([-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('%s → 0:00', (bad) => {
    expect(formatTime(bad)).toBe('0:00');
  });
});

describe('parseTime', () => {
  it.each<[unknown, number]>([
    [0, 0],
    [12.5, 12.5],
    ['42', 42],
    [' 42 ', 42],
    ['3.25', 3.25],
    ['.5', 0.5],
    ['1:05', 65],
    ['0:00', 0],
    ['01:05', 65],
    ['59:59', 3599],
    ['1:02:03', 3723],
    ['10:00:00', 36000],
    ['01:02.500', 62.5],
    ['00:01:02,345', 62.345],
    ['1h2m3s', 3723],
    ['1h 2m 3s', 3723],
    ['90s', 90],
    ['2m', 120],
    ['1H', 3600],
    ['1m30s', 90],
  ])('%j → %s', (input, seconds) => {
    expect(parseTime(input)).toBeCloseTo(seconds, 6);
  });

  it.each<[string, unknown]>([
    ['negative number', -1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['negative string', '-5'],
    ['empty string', ''],
    ['blank string', '   '],
    ['garbage', 'soon'],
    ['seconds ≥ 60', '1:60'],
    ['minutes ≥ 60 in h:mm:ss', '1:60:00'],
    ['minutes ≥ 60 in m:ss', '75:30'],
    ['one-digit seconds', '1:5'],
    ['too many colons', '1:2:3:4'],
    ['trailing garbage', '1:05abc'],
    ['exponent', '1e3'],
    ['Infinity string', 'Infinity'],
    ['null', null],
    ['undefined', undefined],
    ['boolean', true],
    ['object', { seconds: 5 }],
    ['array', [5]],
    ['huge string', '1'.repeat(10_000)],
    ['units in wrong order', '3s2m'],
    ['bare units', 'hms'],
  ])('rejects %s', (_name, input) => {
    expect(parseTime(input)).toBeNull();
  });
});

describe('subtitle timestamps', () => {
  it('writes whole milliseconds as SRT with a comma and VTT with a dot', () => {
    expect(clockOfMs(62_345, ',')).toBe('00:01:02,345');
    expect(clockOfMs(62_345, '.')).toBe('00:01:02.345');
    expect(clockOfMs(3_723_000, ',')).toBe('01:02:03,000');
    expect(clockOfMs(1, '.')).toBe('00:00:00.001');
    expect(clockOfMs(59_999, ',')).toBe('00:00:59,999');
    expect(clockOfMs(0, ',')).toBe('00:00:00,000');
  });

  it('keeps counting hours past 99', () => {
    expect(clockOfMs(100 * 3_600_000, '.')).toBe('100:00:00.000');
    expect(clockOfMs(100 * 3_600_000 + 61_001, ',')).toBe('100:01:01,001');
  });
});
