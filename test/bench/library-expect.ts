import type { BenchQuery, BenchTranscript } from './library-data';

/** Lower case, accents off: "Nénesu" and "nenesu" are one word to a person searching. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Each generated video's words (title, channel and transcript), folded, read from the data alone; `keep`: only
 * the words a check can ask about (a library of 10,000 videos' every word would not fit in the bench's memory).
 */
export function wordsOfVideos(
  transcripts: Iterable<BenchTranscript>,
  keep: (word: string) => boolean = () => true,
): Map<string, ReadonlySet<string>> {
  const words = new Map<string, ReadonlySet<string>>();
  for (const t of transcripts) {
    words.set(t.videoId, new Set(fold(`${t.title} ${t.author} ${t.text}`).split(/\s+/).filter(keep)));
  }
  return words;
}

/** Whether a word can bear on the queries' checks: one of their words, or a word one of them begins. */
export function askedAbout(queries: readonly BenchQuery[]): (word: string) => boolean {
  const asked = queries.flatMap((q) => fold(q.meant).split(/\s+/).filter(Boolean));
  return (word) => asked.some((a) => word.startsWith(a));
}

/** The videos holding every meant word: whole words, or the last one as the start of a word when `typing`. */
function holding(words: Map<string, ReadonlySet<string>>, meant: string, typing: boolean): Set<string> {
  const wanted = fold(meant).split(/\s+/).filter(Boolean);
  const last = wanted.length - 1;
  const found = new Set<string>();
  for (const [videoId, has] of words) {
    const all = wanted.every((w, i) => has.has(w) || (typing && i === last && [...has].some((h) => h.startsWith(w))));
    if (all) found.add(videoId);
  }
  return found;
}

/**
 * Why the results shown for a query are not what the person wanted (null when they are). `shown`: the videos
 * of the results in their order; `nothing`: the page said "Nothing found.".
 */
export function wrongResults(
  q: BenchQuery,
  words: Map<string, ReadonlySet<string>>,
  shown: readonly string[],
  nothing: boolean,
): string | null {
  if (q.shows === 'nothing') return nothing && shown.length === 0 ? null : `"${q.query}" found ${shown.length}`;
  if (shown.length === 0) return `"${q.query}" found nothing`;
  const expected = holding(words, q.meant, q.shows === 'first');
  if (expected.size === 0) return `the library holds no "${q.meant}" (the bench's data is wrong)`;
  if (q.shows === 'every') {
    const missing = [...expected].filter((v) => !shown.includes(v));
    return missing.length === 0
      ? null
      : `"${q.query}" left out ${missing.length} of ${expected.size} videos holding it`;
  }
  if (q.shows === 'first') return expected.has(shown[0] ?? '') ? null : `"${q.query}": the first result lacks it`;
  return shown.some((v) => expected.has(v)) ? null : `"${q.query}" found no video holding "${q.meant}"`;
}
