import { fold } from './fold';

/**
 * How the library's full-text search cuts text into terms, shared by indexing, querying and highlighting so
 * the three always agree. A word is a run of letters, digits and combining marks; a run holding a script
 * written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) is cut into its words by the
 * platform's segmenter (`Intl.Segmenter`, word granularity, in the text's language when known). Terms are
 * folded (case, accents, width, ß, curly apostrophes: utils/search/fold.ts), so "Café" finds "cafe".
 */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Whether a term is of a script written without spaces: looked for inside longer words, never for typos. */
export const isUnspaced = (term: string): boolean => UNSPACED.test(term);

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

const segmenters = new Map<string, Intl.Segmenter>();
/** One segmenter per language (building one costs more than cutting a passage). */
export function segmenterFor(lang: string | undefined): Intl.Segmenter {
  const key = lang ?? '';
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    let locale: string | undefined;
    try {
      locale = lang ? Intl.getCanonicalLocales(lang)[0] : undefined;
    } catch {
      locale = undefined; // a language code the platform does not know: its default rules
    }
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

export type Word = { word: string; start: number; end: number };

/** Each word of the text with its place: what indexing, querying and highlighting all read. */
export function wordsWithOffsets(text: string, lang?: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const run = m[0];
    if (!UNSPACED.test(run)) {
      out.push({ word: run, start: m.index, end: m.index + run.length });
      continue;
    }
    for (const s of segmenterFor(lang).segment(run)) {
      if (!s.isWordLike) continue;
      const start = m.index + s.index;
      out.push({ word: s.segment, start, end: start + s.segment.length });
    }
  }
  return out;
}

export function tokenize(text: string, lang?: string): string[] {
  // Spaced text (most transcripts) takes the short way: the words are the runs.
  if (!UNSPACED.test(text)) return text.match(WORD) ?? [];
  return wordsWithOffsets(text, lang).map((w) => w.word);
}

/**
 * The index term of a word, or null for a word not worth indexing (a stop word, a single letter). A single
 * character of an unspaced script is a word the segmenter cut (茶, が in が|っ|こう) and is kept: without it
 * がっこう would be looked for as こう and find かっこう.
 */
export function toTerm(word: string): string | null {
  const term = fold(word);
  if (term.length < 2 && !/\d/.test(term) && !UNSPACED.test(term)) return null;
  return STOP_WORDS.has(term) ? null : term;
}

/** Each term of a text with how often it occurs, and the count of all (BM25's field length). */
export function termCounts(text: string, lang?: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  for (const word of tokenize(text, lang)) {
    const term = toTerm(word);
    if (term === null) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
    length++;
  }
  return { counts, length };
}
