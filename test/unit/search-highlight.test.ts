import { describe, expect, it } from 'vitest';
import { matchSpans, matchSpansByWords } from '../../utils/search/highlight';
import { tokenize, toTerm } from '../../utils/search/terms';

const marked = (text: string, terms: string[]) => matchSpans(text, terms).map(([s, e]) => text.slice(s, e));

/** A small seeded generator, so a failing text can be found again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

// Pieces that tell the two ways apart if one is wrong: accents (precomposed and combining), a Kelvin sign that
// lower-cases to ASCII, "İ" that lower-cases longer, ß, a letter outside the BMP, a lone surrogate, digits,
// stop words, punctuation that is not ASCII, and words that hold others ("cafes", "xcafe").
const PIECES = (
  'cafe Café CAFE cafés xcafe cafe2 Cafe\u0301 naïve NAIVE straße strasse \u212Aara kara İstanbul istanbul 𝐀bc abc ' +
  "a\uD800b the a 7 17 x7 · ’ — O’Neil o'neil Ωmega ωmega 日本語 東京 " +
  // Runs the segmenter cuts, some asked where a term is written (every character folds to itself), some not.
  '今日は東京の図書館 東京都 京都大学 がっこう かっこう ｶﾞｲﾄﾞ iphoneで iPhoneで 我们去图书馆 ห้องสมุด'
).split(' ');
const SEPARATORS = [' ', ' ', ', ', '. ', '\n', '-', '', '\u00a0'];

describe('matchSpans', () => {
  it('marks the words whose terms matched, not the words holding them', () => {
    expect(marked('Le Café, the CAFE and cafés; xcafe cafe2 café', ['cafe'])).toEqual(['Café', 'CAFE', 'café']);
    expect(marked('Naïve naive NAÏVE naiveté', ['naive'])).toEqual(['Naïve', 'naive', 'NAÏVE']);
    expect(marked('channel 7, 17 and 7th', ['7'])).toEqual(['7']);
  });

  it('finds a word by its term when lower-casing changes its length elsewhere in the text', () => {
    expect(marked('İstanbul and the cafe', ['cafe'])).toEqual(['cafe']);
  });

  it('gives what tokenizing every word gives, over random texts', () => {
    const next = random(21);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    for (let n = 0; n < 2_000; n++) {
      let text = '';
      const words = 1 + Math.floor(next() * 12);
      for (let i = 0; i < words; i++) text += pick(PIECES) + pick(SEPARATORS);
      // The terms a result reports are index terms: some of the text's own, and one it may lack.
      const own = tokenize(text).flatMap((w) => toTerm(w) ?? []);
      const terms = [...own.filter(() => next() < 0.4), toTerm(pick(PIECES)) ?? 'cafe'];
      expect(matchSpans(text, terms), JSON.stringify({ text, terms })).toEqual(matchSpansByWords(text, terms));
    }
  });
});
