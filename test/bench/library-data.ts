/**
 * 1,000 generated saved transcripts of 10–60 minutes, English-like: about half the words are function words,
 * the rest drawn from a 20,000-word vocabulary by Zipf's law (a few words everywhere, most words rare), some
 * with accents. Deterministic, so every run searches the same library.
 */
export type BenchCue = { text: string; start: number; duration: number };
export type BenchTranscript = {
  videoId: string;
  title: string;
  author: string;
  language: string;
  languageCode: string;
  isGenerated: boolean;
  text: string;
  segments: BenchCue[];
};

/** A small seeded generator (mulberry32): the same library every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUNCTION_WORDS =
  'the a an and or but to of in on at for with is are was be it this that we you they so if as by from not do have can will just like about what there here all'.split(
    ' ',
  );
const SYLLABLES =
  'ka lo mi ne ra to su vi den mar ter pol gen sta ion ing er al com pre bur fla quo zen dri vel ost tra'.split(' ');
const ACCENTED: Record<string, string> = { e: 'é', a: 'á', o: 'ó' };

export function vocabulary(size = 20_000, random = rng(7)): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    let word = '';
    const parts = 2 + Math.floor(random() * 3);
    for (let i = 0; i < parts; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (random() < 0.03) word = word.replace(/[aeo]/, (c) => ACCENTED[c] ?? c);
    words.add(word);
  }
  return [...words];
}

export function generateLibrary(videos = 1000): { transcripts: BenchTranscript[]; vocab: string[] } {
  return { transcripts: [...libraryVideos(videos)], vocab: vocabulary() };
}

/**
 * The generated library's videos one at a time, the same as generateLibrary's (its first 1,000 are the 1,000's):
 * a library of 10,000 (about 1 GB of transcripts) is written into the cache in parts, never held whole.
 */
export function* libraryVideos(videos: number): Generator<BenchTranscript> {
  const random = rng(42);
  const vocab = vocabulary();
  const harmonic: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= vocab.length; rank++) {
    total += 1 / rank;
    harmonic.push(total);
  }
  const zipf = () => {
    const x = random() * total;
    let lo = 0;
    let hi = harmonic.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((harmonic[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo] ?? 'word';
  };
  const word = () =>
    random() < 0.5 ? (FUNCTION_WORDS[Math.floor(random() * FUNCTION_WORDS.length)] ?? 'the') : zipf();
  for (let v = 0; v < videos; v++) {
    const seconds = (10 + Math.floor(random() * 51)) * 60;
    const segments: BenchCue[] = [];
    for (let start = 0; start < seconds; start += 3) {
      const words = Array.from({ length: 6 + Math.floor(random() * 5) }, word);
      segments.push({ text: words.join(' '), start, duration: 3 });
    }
    yield {
      videoId: `bench${String(v).padStart(6, '0')}`,
      title: `${zipf()} ${zipf()} ${v}`,
      author: `Channel ${v % 40}`,
      language: 'English',
      languageCode: 'en',
      isGenerated: v % 3 === 0,
      text: segments.map((s) => s.text).join(' '),
      segments,
    };
  }
}

/**
 * A query as typed, the words the person meant (a typo's word as it is spelled), and what its results must
 * show (test/bench/library-expect.ts checks it against the generated library, not against the product):
 * `first`: the first result is in a video that holds the meant words, the last one as the start of a word;
 * `some`: some result is (a typo is forgiven); `every`: every video holding the word is among the results;
 * `nothing`: "Nothing found.".
 */
export type BenchQuery = { query: string; meant: string; shows: 'first' | 'some' | 'every' | 'nothing' };

/** What people type: words common to rare, a prefix as they type, a typo, two words, an accented word. */
export function benchQueries(vocab: readonly string[], transcripts: readonly BenchTranscript[]): BenchQuery[] {
  const at = (rank: number) => vocab[rank] ?? 'word';
  const typo = (w: string) => `${w.slice(0, 2)}${w.slice(3)}`;
  const accented = vocab.filter((w) => /[éáó]/.test(w)).slice(0, 4);
  const first = (query: string): BenchQuery => ({ query, meant: query, shows: 'first' });
  return [
    ...[at(3), at(20), at(150), at(900)].map(first),
    // Rare words: 70 and 24 places in 67 and 24 videos, all within the 100 results a search shows.
    ...[at(4000), at(12000)].map((w): BenchQuery => ({ query: w, meant: w, shows: 'every' })),
    ...[at(60).slice(0, 4), at(700).slice(0, 5), at(2500).slice(0, 6)].map(first),
    ...[at(300), at(5000)].map((w): BenchQuery => ({ query: typo(w), meant: w, shows: 'some' })),
    ...[`${at(10)} ${at(200)}`, `${at(80)} ${at(1500).slice(0, 4)}`, saidWith(at(400), vocab, transcripts)].map(first),
    ...accented.map((w) => first(w.normalize('NFKD').replace(/\p{M}/gu, ''))),
    first('channel 7'),
    { query: 'zzzqqxx', meant: 'zzzqqxx', shows: 'nothing' },
  ];
}

/**
 * Two words said together (in one cue, so in one passage of the index): the word and the rarest word said
 * with it first. Two words never said together find only passages where typos of them meet.
 */
function saidWith(word: string, vocab: readonly string[], transcripts: readonly BenchTranscript[]): string {
  const rank = new Map(vocab.map((w, i) => [w, i]));
  for (const t of transcripts) {
    for (const cue of t.segments) {
      const words = cue.text.split(' ');
      if (!words.includes(word)) continue;
      const rarest = words.reduce((a, b) => ((rank.get(b) ?? -1) > (rank.get(a) ?? -1) ? b : a));
      if (rarest !== word && rank.has(rarest)) return `${word} ${rarest}`;
    }
  }
  return word;
}
