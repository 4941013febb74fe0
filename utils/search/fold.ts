/**
 * Case- and accent-insensitive transcript search. Text is folded (lower case, compatibility and width forms,
 * ß → ss, whitespace runs → one space, accents off Latin, Greek and Cyrillic letters only: marks.ts); the query
 * is a literal, never a pattern.
 */
import { dropMarks } from './marks';

/** Printable ASCII and its whitespace: no marks, ligatures or curly quotes to fold. */
const ASCII = /^[\t\n\v\f\r -~]*$/;

/** Folds a whole string. Must agree with `foldWithMap` below (tested), which works per character and its marks. */
export function fold(text: string): string {
  // Plain ASCII (most words of most transcripts) has no marks, ligatures or curly quotes: lower case is all.
  if (ASCII.test(text)) return text.toLowerCase().replace(/\s+/g, ' ');
  // Most words of Chinese, Japanese or Thai fold to themselves: known per character, they skip normalizing.
  if (foldsToItself(text)) return text;
  return foldSlowly(text);
}

const foldSlowly = (text: string) =>
  finishFold(text.normalize('NFKD').toLowerCase().normalize('NFKD')).replace(/\s+/g, ' ');

/** Whether each character folds to itself, kept per page (a language has a few thousand). */
const itself = new Map<string, boolean>();
/** Kanji, hiragana, katakana, the iteration marks and lower-case ASCII: they fold to themselves (tested). */
const PLAIN_CJK = /^[a-z0-9\u3005\u3041-\u3096\u309D\u309E\u30A1-\u30FA\u30FC-\u30FE\u3400-\u4DBF\u4E00-\u9FFF]*$/;
/** Marks (whether one goes depends on the letter before it) and conjoining Hangul jamo (NFC joins them). */
const IN_CONTEXT = /[\p{M}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/u;

/** Whether `fold` leaves the text as it is: every character folds to itself alone and none folds by context. */
export function foldsToItself(text: string): boolean {
  if (PLAIN_CJK.test(text)) return true;
  for (const char of text) {
    let same = itself.get(char);
    if (same === undefined) {
      same = !IN_CONTEXT.test(char) && foldSlowly(char) === char;
      itself.set(char, same);
    }
    if (!same) return false;
  }
  return true;
}

// Steps that map one folded character to one (or, for ß, two) and so can run on a whole string or on one
// character with its marks. Final sigma becomes σ so per-character and whole-string lower-casing agree; the
// marks kept (kana voicing, vowel signs) compose again (NFC), so が stays が and never meets か.
function finishFold(text: string): string {
  return dropMarks(text).normalize('NFC').replace(/ς/g, 'σ').replace(/ß/g, 'ss').replace(/[’‘ʼ]/g, "'");
}

export interface FoldMap {
  folded: string;
  /** For each UTF-16 unit of `folded`: where its source starts and ends in the original text. */
  starts: number[];
  ends: number[];
}

/** Folds `text` and maps each folded unit back to the original; ASCII text takes the short way. */
export function foldWithMap(text: string): FoldMap {
  return ASCII.test(text) ? foldAsciiWithMap(text) : foldEachWithMap(text);
}

// Most transcripts are plain ASCII (ASCII above): there folding is lower-casing and joining whitespace runs, one
// unit to one, with no per-character normalize and regexes (each visible cue is highlighted again at every keystroke).
const SPACE = /\s/;

/** `foldEachWithMap` for ASCII text, unit for unit the same result (tested). */
function foldAsciiWithMap(text: string): FoldMap {
  const lower = text.toLowerCase();
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < lower.length; index++) {
    let char = lower.charAt(index);
    if (SPACE.test(char)) {
      // A whitespace run folds to one space: later whitespace joins the space already emitted.
      if (folded.endsWith(' ')) {
        ends[ends.length - 1] = index + 1;
        continue;
      }
      char = ' ';
    }
    starts.push(index);
    ends.push(index + 1);
    folded += char;
  }
  return { folded, starts, ends };
}

/**
 * A character with the marks that follow it (or marks with nothing before them): folded as one. Half-width
 * kana's voicing marks (ﾞ ﾟ) are letters that fold into marks, so they join the kana before them too.
 */
const CLUSTER = /[^\p{M}\uFF9E\uFF9F][\p{M}\uFF9E\uFF9F]*|[\p{M}\uFF9E\uFF9F]+/gsu;

/**
 * The general way, one character and its marks at a time through `fold` (whether a mark goes depends on the
 * letter it is on). Exported for the test that holds the two together.
 */
export function foldEachWithMap(text: string): FoldMap {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const [char] of text.matchAll(CLUSTER)) {
    const end = index + char.length;
    let piece = fold(char);
    // A whitespace run folds to one space: later whitespace joins the space already emitted.
    if (/^\s/.test(piece) && folded.endsWith(' ')) piece = piece.replace(/^\s+/, '');
    if (piece.length === 0 && ends.length > 0) ends[ends.length - 1] = end; // a dropped piece joins the one before
    for (let i = 0; i < piece.length; i++) {
      starts.push(index);
      ends.push(end);
    }
    folded += piece;
    index = end;
  }
  return { folded, starts, ends };
}

/** Spans `[start, end)` of every non-overlapping match of `query` in the ORIGINAL `text`, in order. */
export function highlightSpans(text: string, query: string): [number, number][] {
  const needle = fold(query).trim();
  if (!needle || !text) return [];
  const { folded, starts, ends } = foldWithMap(text);
  const spans: [number, number][] = [];
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
    const start = starts[at];
    const end = ends[at + needle.length - 1];
    if (start === undefined || end === undefined) break;
    const last = spans[spans.length - 1];
    if (last && start < last[1]) continue; // a ligature split across two matches: keep the first
    spans.push([start, end]);
  }
  return spans;
}

export interface SearchIndex {
  readonly size: number;
  /** The folded texts, index for index: what highlighting counts occurrences in. */
  readonly folded: readonly string[];
  /** Indexes of the texts containing the query, ascending; empty for a blank query. */
  find(query: string): number[];
}

/** Folds every text once, so each query is a plain substring scan. */
export function createSearchIndex(texts: readonly string[]): SearchIndex {
  const folded = texts.map((t) => (typeof t === 'string' ? fold(t) : ''));
  return {
    size: folded.length,
    folded,
    find(query: string): number[] {
      const needle = typeof query === 'string' ? fold(query).trim() : '';
      if (!needle) return [];
      const hits: number[] = [];
      for (let i = 0; i < folded.length; i++) if (folded[i]?.includes(needle)) hits.push(i);
      return hits;
    },
  };
}
