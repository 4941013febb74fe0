import { describe, expect, it } from 'vitest';
import { distanceWithin } from '../../utils/search/postings';
import { termsWithin } from '../../utils/search/typos';

/** What the typo scan gave before: every term's distance on its own, in the list's order. */
const each = (sorted: readonly string[], word: string, max: number) =>
  sorted.flatMap((term): [string, number][] => {
    const d = distanceWithin(word, term, max);
    return d <= max ? [[term, d]] : [];
  });

/** A small alphabet, so that random words share prefixes and fall within a typo or two of each other. */
function randomWords(count: number, seed: number): string[] {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s;
  };
  const letters = 'abcdeé';
  return Array.from({ length: count }, () =>
    Array.from({ length: next() % 11 }, () => letters[next() % letters.length]).join(''),
  );
}

describe('termsWithin', () => {
  it('finds the terms a typo or two away with their distances, in order', () => {
    const sorted = ['latency', 'latent', 'later', 'lateral', 'lattice', 'lency', 'ltncy', 'zebra'];
    expect(termsWithin(sorted, 'latncy', 1)).toEqual([
      ['latency', 1],
      ['ltncy', 1],
    ]);
    expect(termsWithin(sorted, 'latncy', 2)).toEqual([
      ['latency', 1],
      ['lency', 2],
      ['ltncy', 1],
    ]);
    expect(termsWithin(sorted, 'qqqqqq', 2)).toEqual([]);
    expect(termsWithin([], 'latency', 2)).toEqual([]);
  });

  it('gives what each term measured alone gives, over random sorted lists', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const sorted = [...new Set(randomWords(400, seed))].sort();
      for (const word of randomWords(12, seed * 7919)) {
        for (const max of [0, 1, 2]) expect(termsWithin(sorted, word, max)).toEqual(each(sorted, word, max));
      }
    }
  });

  it('keeps no row of an earlier, longer word or list', () => {
    const long = Array.from({ length: 300 }, (_, i) => `${'x'.repeat(i % 90)}${i}`).sort();
    termsWithin(long, 'y'.repeat(200), 2);
    expect(termsWithin(['abc', 'abd', 'b'], 'ab', 1)).toEqual([
      ['abc', 1],
      ['abd', 1],
      ['b', 1],
    ]);
  });
});
