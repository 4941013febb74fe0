import { fold } from './fold';

/**
 * How the library's full-text search cuts text into terms, shared by indexing, querying and highlighting so
 * the three always agree. A word is a run of letters, digits and combining marks; terms are folded (case,
 * accents, ß, curly apostrophes: utils/search/fold.ts), so "Café" finds "cafe" and the reverse.
 */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * English function words: they occur in nearly every passage, so indexing them would multiply the index's
 * size and the cost of every query while never narrowing a search down.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his i if in into is ' +
    'it its just me my no not of on or our she so than that the their them then there these they this those to ' +
    'too up us was we were what when which who will with would you your'
  ).split(' '),
);

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The index term of a word, or null for a word not worth indexing (a stop word, a single letter). */
export function toTerm(word: string): string | null {
  const term = fold(word);
  if (term.length < 2 && !/\d/.test(term)) return null;
  return STOP_WORDS.has(term) ? null : term;
}

/** Each word of the text with its place: what highlighting matches the search's terms against. */
export function wordsWithOffsets(text: string): { word: string; start: number; end: number }[] {
  return Array.from(text.matchAll(WORD), (m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}
