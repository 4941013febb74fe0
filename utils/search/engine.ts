import { bestFirst } from './best';
import { CodedPostings } from './coded-postings';
import { DocTable, keptText } from './doc-table';
import type { DocKind, VideoDocs } from './documents';
import { termsOf } from './expand';
import { hitOf, type Ranked, type SearchHit, type SearchOptions } from './hits';
import { type EngineSnapshot, SERIAL_VERSION, Snapshot } from './snapshot';
import { termCounts, tokenize, toTerm } from './terms';

export type { PassageText, Ranked, SearchHit, SearchOptions } from './hits';
export { hitOf } from './hits';
export type { EngineSnapshot } from './snapshot';

// Answers and the analysis' own words summarize a video: a tie with a transcript passage goes to them.
const KIND_BOOST: Record<DocKind, number> = {
  video: 1.5,
  summary: 1.3,
  keypoint: 1.3,
  chapter: 1.3,
  answer: 1.2,
  evidence: 1.1,
  citation: 1.1,
  // The person's own words and what they chose to keep: above the passage they were taken from.
  note: 1.3,
  highlight: 1.2,
  transcript: 1,
};
// BM25 as MiniSearch weighed it, so the ranking people knew stays; a prefix or a typo counts for less.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

const decoder = new TextDecoder();

/**
 * The library's full-text search (BM25 ranking, prefix and typo tolerance, words and folding by script through
 * the shared term rules: terms.ts, expand.ts) over a compact index of its own: coded postings
 * (coded-postings.ts), the documents as columns (doc-table.ts), and, when it keeps them, each video's text as
 * UTF-8 bytes decoded only for the results returned (hits.ts says what a search returns). Videos are added and
 * removed one at a time; the whole index goes into a snapshot of plain values and typed arrays
 * (`toSnapshot` / `load`) that the background stores as it is, so it never rebuilds it from scratch. Pure: no
 * browser API, so the same engine can search a channel's transcripts or run in a bench.
 */
export class SearchEngine {
  private scores = new Float64Array(0);
  private matches = new Uint16Array(0);

  private constructor(
    private readonly postings: CodedPostings,
    private readonly table: DocTable,
    /** Whether the passages' texts are kept here; false: the caller keeps them (on disk) and `rank`s. */
    readonly keepsText: boolean,
  ) {}

  /** `keepsText: false`: the engine ranks, its caller keeps each passage's text and marks (store.ts). */
  static create({ keepsText = true } = {}): SearchEngine {
    return new SearchEngine(new CodedPostings(), new DocTable(), keepsText);
  }

  /** A stored snapshot back into an engine; null when it is unreadable, from another version or kind. */
  static load(value: unknown, { keepsText = true } = {}): SearchEngine | null {
    const parsed = Snapshot.safeParse(value);
    if (!parsed.success || parsed.data.keepsText !== keepsText) return null;
    const table = DocTable.unpack(parsed.data.videos, parsed.data.docs, keepsText);
    const postings = table && CodedPostings.unpack(parsed.data.postings);
    return table && postings && new SearchEngine(postings, table, keepsText);
  }

  /** The whole index as plain values and typed arrays, for IndexedDB (structured clone, not JSON). */
  toSnapshot(): EngineSnapshot {
    this.compact();
    const { videos, docs } = this.table.pack();
    return { version: SERIAL_VERSION, keepsText: this.keepsText, videos, docs, postings: this.postings.pack() };
  }

  /**
   * Drops the room to grow the index keeps while videos are added (some half as much again): after a catch-up of
   * many videos, so a library indexed at once is held at its coded size, as one loaded from its snapshot is.
   */
  settle(): void {
    this.postings.pack();
    this.table.pack();
  }

  get videoCount(): number {
    return this.table.videos.size;
  }

  get documentCount(): number {
    return this.table.live;
  }

  videoIds(): string[] {
    return [...this.table.videos.keys()];
  }

  /** What the video's documents were built from (the caller's own fingerprint), or null when not indexed. */
  signatureOf(videoId: string): string | null {
    return this.table.videos.get(videoId)?.signature ?? null;
  }

  /** Indexes a video's documents, replacing whatever it had. */
  setVideo(bundle: VideoDocs, signature = ''): void {
    this.removeVideo(bundle.videoId);
    let id = this.table.size;
    const docs = bundle.docs.map((source) => {
      const lang = source.lang ?? '';
      const { counts, length } = termCounts(source.text, lang || undefined);
      for (const [term, tf] of counts) this.postings.add(term, id, tf);
      id++;
      const { kind, start, account } = source;
      return { kind, start, account, lang, length, unique: counts.size };
    });
    const text = this.keepsText ? keptText(bundle) : undefined;
    const entry = { title: bundle.title, channel: bundle.channel, signature, ...(text ? { text } : {}) };
    this.table.add(bundle.videoId, entry, docs);
  }

  removeVideo(videoId: string): void {
    if (!this.table.videos.has(videoId)) return;
    this.postings.removed(this.table.remove(videoId));
    // Ids only grow (a re-indexed video gets new ones) and a search keeps an array as long as the largest.
    if (this.postings.due || this.table.size > 2 * this.table.live + 10_000) this.compact();
  }

  /** Drops removed documents' postings and renumbers the documents 0… in their order. */
  private compact(): void {
    // None removed since the last: the ids are 0… already and a vacuum would re-code every posting as it was (2.2
    // million at 1,000 videos: most of a snapshot's write, which holds the worker while a search waits).
    if (this.table.size === this.table.live && !this.postings.holdsRemoved) return;
    const renumbered = this.table.compact();
    this.postings.vacuum((id) => renumbered[id] ?? -1);
  }

  /**
   * Best matches first. Every word must match (the last as a prefix); a word found nowhere as it is spelled
   * (nor, the last, as the start of a word) is taken for a typo of the words a typo or two away, when long.
   */
  search(query: string, opts: SearchOptions = {}): SearchHit[] {
    return this.rank(query, opts).map((r) => hitOf(r, this.textOf(r)));
  }

  /** The results without their texts, for a caller that keeps them (`keepsText: false`). */
  rank(query: string, opts: SearchOptions = {}): Ranked[] {
    const words = tokenize(query).flatMap((w) => toTerm(w) ?? []);
    if (words.length === 0 || this.table.live === 0) return [];
    const { score, matched } = this.scratch();
    const expansions = words.map((word, i) => termsOf(this.postings, word, i === words.length - 1));
    let candidates: number[] = [];
    for (const [i, weights] of expansions.entries()) {
      const next: number[] = [];
      for (const [term, weight] of weights) this.score(term, weight, i, score, matched, next);
      candidates = next;
      if (candidates.length === 0) return [];
    }
    const table = this.table;
    const boosted = (id: number) => (score[id] ?? 0) * KIND_BOOST[table.kindOf(id)];
    const ranked = bestFirst(candidates.filter(this.filter(opts)), boosted, opts.limit ?? 100);
    const held = this.termsHeld(expansions, ranked);
    return ranked.flatMap((id, i): Ranked[] => {
      const video = table.videoOf(id);
      if (!video) return [];
      const { videoId, title, channel, first } = video;
      const lang = table.name(table.cols.lang[id] ?? 0);
      const terms = held[i] ?? [];
      return [
        {
          videoId,
          n: id - first,
          kind: table.kindOf(id),
          start: table.startOf(id),
          lang,
          title,
          channel,
          score: boosted(id),
          terms,
        },
      ];
    });
  }

  /** Whether a candidate is asked for: a live document of the videos, kinds and account asked. */
  private filter(opts: SearchOptions): (id: number) => boolean {
    const only = opts.videoIds ? new Set(opts.videoIds) : null;
    const kinds = opts.kinds ? new Set(opts.kinds) : null;
    const table = this.table;
    const everyone = table.nameId('');
    const account = table.nameId(opts.account ?? '');
    return (id) => {
      const video = table.videoOf(id);
      const holder = table.cols.account[id];
      return (
        video !== undefined &&
        (only === null || only.has(video.videoId)) &&
        (kinds === null || kinds.has(table.kindOf(id))) &&
        (holder === everyone || holder === account)
      );
    };
  }

  /**
   * Each result's matched terms (a prefix or a typo resolved to the words in its text), in the query's order: a
   * word that stood for one term only is in every result (each matched every word); a word that stood for more
   * walks each of its terms' postings up to the last result, since coded postings are not searched by halves.
   */
  private termsHeld(expansions: readonly Map<string, number>[], ranked: readonly number[]): string[][] {
    const place = new Map(ranked.map((id, i) => [id, i]));
    const last = ranked.reduce((a, b) => Math.max(a, b), -1);
    const out = ranked.map((): string[] => []);
    for (const weights of expansions) {
      for (const term of weights.keys()) {
        if (weights.size === 1) {
          for (const terms of out) terms.push(term);
          continue;
        }
        const cursor = this.postings.cursor(term);
        while (cursor?.next() && cursor.id <= last) {
          const i = place.get(cursor.id);
          if (i !== undefined) out[i]?.push(term);
        }
      }
    }
    return out;
  }

  /**
   * Scores by document id, and how many of the query's words each document matched so far, zeroed: kept from
   * search to search, since a new pair each time (some 250 kB of buffers for 1,000 videos) had the worker
   * collecting garbage for longer than the search took.
   */
  private scratch(): { score: Float64Array; matched: Uint16Array } {
    const size = this.table.size;
    if (this.scores.length < size) {
      this.scores = new Float64Array(size);
      this.matches = new Uint16Array(size);
    } else {
      this.scores.fill(0, 0, size);
      this.matches.fill(0, 0, size);
    }
    return { score: this.scores, matched: this.matches };
  }

  /** Adds a term's BM25 score to the documents that matched every earlier word (`word` of them). */
  private score(
    term: string,
    weight: number,
    word: number,
    score: Float64Array,
    matched: Uint16Array,
    next: number[],
  ): void {
    const cursor = this.postings.cursor(term);
    if (!cursor) return;
    const n = this.postings.frequency(term);
    const { live: total, totalLength } = this.table;
    const { video, length } = this.table.cols;
    const average = totalLength / total || 1;
    const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
    while (cursor.next()) {
      const id = cursor.id;
      const seen = matched[id] ?? 0;
      if (seen < word || seen > word + 1) continue;
      if ((video[id] ?? -1) < 0) continue;
      const tf = cursor.tf;
      const norm = 1 - BM25.b + (BM25.b * (length[id] ?? 0)) / average;
      score[id] = (score[id] ?? 0) + weight * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * norm));
      if (seen === word) {
        matched[id] = word + 1;
        next.push(id);
      }
    }
  }

  private textOf({ videoId, n }: Ranked): { text: string; marks: Int32Array | null } {
    const kept = this.table.videos.get(videoId)?.text;
    if (!kept) return { text: '', marks: null };
    const bytes = kept.bytes.subarray(kept.bounds[n] ?? 0, kept.bounds[n + 1] ?? 0);
    return { text: decoder.decode(bytes), marks: kept.marks[n] ?? null };
  }
}

/** The search restricted to a set of videos (a channel's saved transcripts, a selection in the library). */
export function searchVideos(
  engine: SearchEngine,
  query: string,
  videoIds: Iterable<string>,
  opts: Omit<SearchOptions, 'videoIds'> = {},
): SearchHit[] {
  return engine.search(query, { ...opts, videoIds });
}
