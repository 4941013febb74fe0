import { foldsToItself } from './fold';
import { isUnspaced, segmenterFor, toTerm, type Word, wordsWithOffsets } from './terms';

/** A letter, digit or combining mark: what words are made of (terms.ts). */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const WHOLE_WORD = /^[\p{L}\p{N}\p{M}]+$/u;
const NOT_ASCII = /[^\p{ASCII}]/gu;
const RUN_FROM = /[\p{L}\p{N}\p{M}]+/uy;

const isWordPoint = (cp: number | undefined): boolean =>
  cp !== undefined &&
  (cp < 0x80
    ? (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)
    : WORD_CHAR.test(String.fromCodePoint(cp)));

/** The code point that ends just before `i` (a surrogate pair read whole), or undefined at the start. */
function pointBefore(text: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2);
  }
  return low;
}

const unitsOf = (cp: number) => (cp > 0xffff ? 2 : 1);

/** A word's term: the library's (`toTerm`), or the panel's, which also keeps the words the library leaves out. */
export type TermOf = (word: string) => string | null;

/**
 * Spans `[start, end)` of the words of `text` that a search matched: `terms` are the index terms a result
 * reports (a prefix or a typo resolved to the words really there), compared with each word's own term. The
 * result is what tokenizing every word and comparing its term gives (`matchSpansByWords`, the tests' oracle),
 * found without tokenizing every word: a library search shows 100 passages of some 1,400 characters, and
 * folding each of their words was most of the worker's time (library.search_ms_1000_videos). A word of ASCII
 * letters and digits is found by its term in the lower-cased text, whole where no letter, digit or mark
 * touches it; a word holding anything else (an accent, another script) is found from that character and
 * folded as the index folds it; a run of a script written without spaces is cut by the segmenter, in the
 * result's language, as the index cut it. `termOf`: how a word's term is made, the index's way (terms.ts).
 */
export function matchSpans(
  text: string,
  terms: readonly string[],
  lang?: string,
  termOf: TermOf = toTerm,
): [number, number][] {
  if (!text || terms.length === 0) return [];
  const lower = text.toLowerCase();
  // Lower-casing lengthened something ("İ"): offsets in `lower` are not the text's.
  if (lower.length !== text.length) return matchSpansByWords(text, terms, lang, termOf);
  const wanted = new Set(terms);
  const found = new Map<number, number>();
  for (const term of wanted) {
    // A term is one word; anything else matches no word (and is not looked for as text). A word of an unspaced
    // script is not a whole run of letters: the runs below find it.
    if (!WHOLE_WORD.test(term) || isUnspaced(term)) continue;
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      const end = at + term.length;
      if (isWordPoint(pointBefore(text, at)) || isWordPoint(text.codePointAt(end))) continue;
      if (termOf(text.slice(at, end)) === term) found.set(at, end);
    }
  }
  NOT_ASCII.lastIndex = 0;
  for (let m = NOT_ASCII.exec(text); m !== null; m = NOT_ASCII.exec(text)) {
    const cp = text.codePointAt(m.index) ?? 0;
    if (!isWordPoint(cp)) {
      NOT_ASCII.lastIndex = m.index + unitsOf(cp);
      continue;
    }
    let start = m.index;
    for (let before = pointBefore(text, start); isWordPoint(before); before = pointBefore(text, start)) {
      start -= unitsOf(before ?? 0);
    }
    // The rest of the run in one step: in Chinese, Japanese or Thai text it is most of the text.
    RUN_FROM.lastIndex = m.index;
    const end = m.index + (RUN_FROM.exec(text)?.[0].length ?? unitsOf(cp));
    const run = text.slice(start, end);
    const words = isUnspaced(run) && foldsToItself(run) ? wordsAsWritten(run, wanted, lang) : wordsOf(run, lang);
    for (const word of words) {
      const term = termOf(word.word);
      if (term !== null && wanted.has(term)) found.set(start + word.start, start + word.end);
    }
    NOT_ASCII.lastIndex = end;
  }
  return [...found].sort((a, b) => a[0] - b[0]);
}

/**
 * The words of a run of an unspaced script that are wanted terms, when every character of the run folds to
 * itself: its words' terms are then its own substrings, so each place a term is written is asked of the
 * segmenter (is a word of the run there, and that long?) instead of cutting the whole run, most of a
 * Japanese result's highlighting time.
 */
function wordsAsWritten(run: string, wanted: ReadonlySet<string>, lang: string | undefined): Word[] {
  let segments: Intl.Segments | null = null;
  const out: Word[] = [];
  for (const term of wanted) {
    for (let at = run.indexOf(term); at !== -1; at = run.indexOf(term, at + 1)) {
      segments ??= segmenterFor(lang).segment(run);
      const word = segments.containing(at);
      if (word?.isWordLike && word.index === at && word.segment.length === term.length) {
        out.push({ word: word.segment, start: at, end: at + term.length });
      }
    }
  }
  return out;
}

/** The words of one run of letters: itself, or the segmenter's words where its script is written unspaced. */
function wordsOf(run: string, lang: string | undefined): Word[] {
  return isUnspaced(run) ? wordsWithOffsets(run, lang) : [{ word: run, start: 0, end: run.length }];
}

/** `matchSpans` the plain way, its signature and its answer: every word tokenized and its term compared. */
export const matchSpansByWords: typeof matchSpans = (text, terms, lang, termOf = toTerm) => {
  if (!text || terms.length === 0) return [];
  const wanted = new Set(terms);
  const spans: [number, number][] = [];
  for (const { word, start, end } of wordsWithOffsets(text, lang)) {
    const term = termOf(word);
    if (term !== null && wanted.has(term)) spans.push([start, end]);
  }
  return spans;
};

export type Piece = { text: string; match: boolean };

/** The text cut into plain and matched pieces, for rendering as text nodes (never as HTML). */
export function pieces(text: string, spans: readonly [number, number][]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (start < at) continue;
    if (start > at) out.push({ text: text.slice(at, start), match: false });
    out.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}

/**
 * A window of about `width` characters around the first match, cut at word boundaries, with the spans
 * moved into it: long passages are shown as the part that matched.
 */
export function excerpt(
  text: string,
  spans: readonly [number, number][],
  width = 220,
): { text: string; spans: [number, number][] } {
  if (text.length <= width) return { text, spans: [...spans] };
  const first = spans[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(width / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + width);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const lead = start > 0 ? '… ' : '';
  const tail = end < text.length ? ' …' : '';
  const shift = lead.length - start;
  const moved = spans
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { text: `${lead}${text.slice(start, end)}${tail}`, spans: moved };
}
