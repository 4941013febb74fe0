import { termsOf } from './expand';
import { fold } from './fold';
import { matchSpans } from './highlight';
import { Postings } from './postings';
import { tokenize, toTerm } from './terms';

/**
 * The panel's "Search transcript" over one transcript's cues, by the library's word rules (terms.ts, expand.ts),
 * so the panel and the library find and mark the same words: words cut by the segmenter in the transcript's
 * language, folded by script; every word of the query in the cue, the last also as the start of a word, a long
 * one found nowhere as a typo, one of Chinese, Japanese or Thai inside longer words. The words the library leaves
 * out (stop words, single letters) are indexed apart and looked for, as whole words, only in a query of nothing
 * else: "the" alone still finds "the" here.
 */
export type CueMatch = {
  cue: number;
  /** Which match inside the cue (0-based): the n-th <mark> of the cue's text. */
  nth: number;
};

export type CueFindings = {
  /** Every marked word, in cue order and in order inside each cue. */
  matches: CueMatch[];
  /** The terms the cues' words are marked by (`spansOf`); empty when nothing matched. */
  terms: readonly string[];
  /** Whether a cue matched every word of the query (only its words are marked). */
  has(cue: number): boolean;
};

export type CueSearch = {
  readonly size: number;
  readonly lang: string | undefined;
  find(query: string): CueFindings;
};

const NONE: CueFindings = { matches: [], terms: [], has: () => false };

/** The panel's term of a word: the library's, or the folded word itself where the library keeps none. */
export const cueTerm = (word: string): string | null => toTerm(word) ?? (fold(word) || null);

/** Indexes every cue's words (two postings: the library's terms, and the words it leaves out). */
export function createCueSearch(texts: readonly string[], lang?: string): CueSearch {
  const words = new Postings();
  const others = new Postings();
  // A transcript says the same few thousand words again and again: each is folded once.
  const known = new Map<string, { term: string; into: Postings }>();
  texts.forEach((text, cue) => {
    for (const word of typeof text === 'string' ? tokenize(text, lang) : []) {
      let seen = known.get(word);
      if (!seen) {
        const term = toTerm(word);
        seen = term === null ? { term: fold(word), into: others } : { term, into: words };
        known.set(word, seen);
      }
      seen.into.addOccurrence(seen.term, cue);
    }
  });
  const size = texts.length;
  return {
    size,
    lang,
    find(query: string): CueFindings {
      const asked = typeof query === 'string' ? tokenize(query, lang) : [];
      const terms = asked.flatMap((word) => toTerm(word) ?? []);
      if (terms.length > 0) {
        return findTerms(
          words,
          size,
          terms.map((term, i) => termsOf(words, term, i === terms.length - 1)),
        );
      }
      // Only words the library leaves out: each as a whole word.
      const plain = asked.map((word) => fold(word)).filter((word) => word !== '');
      return findTerms(
        others,
        size,
        plain.map((word) => new Map([[word, 1]])),
      );
    },
  };
}

/** The cues holding a term of every one of `expansions` (one per query word), and their marks counted. */
function findTerms(postings: Postings, size: number, expansions: ReadonlyMap<string, number>[]): CueFindings {
  const wanted = expansions.length;
  if (wanted === 0) return NONE;
  // How many of the query's words each cue has matched, word by word (as the engine's `score` counts them).
  const seen = new Uint16Array(size);
  for (const [i, weights] of expansions.entries()) {
    for (const term of weights.keys()) {
      const p = postings.get(term);
      for (let k = 0; p && k < p.n; k++) {
        const cue = p.ids[k] ?? 0;
        if (seen[cue] === i) seen[cue] = i + 1;
      }
    }
  }
  // A cue's marks are its words holding any of the terms: their counts are the postings' (tested against spans).
  const union = new Set(expansions.flatMap((weights) => [...weights.keys()]));
  const marks = new Uint16Array(size);
  for (const term of union) {
    const p = postings.get(term);
    for (let k = 0; p && k < p.n; k++) {
      const cue = p.ids[k] ?? 0;
      if (seen[cue] === wanted) marks[cue] = (marks[cue] ?? 0) + (p.tfs[k] ?? 0);
    }
  }
  const matches: CueMatch[] = [];
  for (let cue = 0; cue < size; cue++) {
    for (let nth = 0; nth < (marks[cue] ?? 0); nth++) matches.push({ cue, nth });
  }
  if (matches.length === 0) return NONE;
  return { matches, terms: [...union], has: (cue) => seen[cue] === wanted };
}

/** Spans of a cue's marked words in its original text (the same words `find` counted). */
export function spansOf(text: string, found: CueFindings, cue: number, lang?: string): [number, number][] {
  return found.has(cue) ? matchSpans(text, found.terms, lang, cueTerm) : [];
}
