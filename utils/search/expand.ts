import { startingWith } from './postings';
import { isUnspaced } from './terms';
import { termsWithin } from './typos';

/**
 * The index terms a query word stands for, with their weights: itself, the words it starts (the last word),
 * its typos (a long word of a spaced script found nowhere), and for a word of a script written without
 * spaces the longer words holding it (the segmenter may have kept 東京都 whole where the query says 東京).
 */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;
/**
 * Typing goes on at the end of the query: only its last word is a prefix; long words forgive typos. A Korean
 * word is a prefix wherever it is, since its particles are written on it (서울 finds 서울은).
 */
const isPrefix = (term: string, last: boolean) => (last && term.length >= 3) || HANGUL.test(term);
const maxTypos = (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0);
const partWeight = (term: string, word: string) =>
  (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length));

/** What the words are looked up in: an index's terms (the library's coded postings, a transcript's cues), sorted. */
export type TermSource = { has(term: string): boolean; terms(): string[] };

export function termsOf(postings: TermSource, word: string, last: boolean): Map<string, number> {
  const weights = new Map<string, number>();
  if (postings.has(word)) weights.set(word, 1);
  if (isUnspaced(word)) {
    // A typo is not looked for here: one character of Chinese or Japanese is another word, not a slip. A
    // single kana or Thai letter (a particle, a kana the segmenter left alone) is itself only: inside words it
    // is everywhere; a single Chinese character is a word of its own (茶 in 喝茶).
    if (word.length < 2 && !HAN.test(word)) return weights;
    for (const term of postings.terms()) {
      if (term !== word && term.includes(word)) weights.set(term, partWeight(term, word));
    }
    return weights;
  }
  if (isPrefix(word, last)) {
    for (const term of startingWith(postings.terms(), word)) {
      if (term !== word) weights.set(term, partWeight(term, word));
    }
  }
  const typos = maxTypos(word);
  if (weights.size > 0 || typos === 0) return weights;
  for (const [term, d] of termsWithin(postings.terms(), word, typos)) {
    weights.set(term, (FUZZY_WEIGHT * term.length) / (term.length + d));
  }
  return weights;
}
