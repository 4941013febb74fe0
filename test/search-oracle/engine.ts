import { bestFirst } from '../../utils/search/best';
import type { DocKind, VideoDocs } from '../../utils/search/documents';
import { termsOf } from '../../utils/search/expand';
import { hitOf, type Ranked, type SearchHit, type SearchOptions } from '../../utils/search/hits';
import { type PackedPostings, Postings } from '../../utils/search/postings';
import { termCounts, tokenize, toTerm } from '../../utils/search/terms';
import { type Doc, type EngineSnapshot, SERIAL_VERSION, Snapshot, type VideoEntry } from './snapshot';

export type { PassageText, Ranked, SearchHit, SearchOptions } from '../../utils/search/hits';
export { hitOf } from '../../utils/search/hits';
export type { EngineSnapshot } from './snapshot';

/** A document, its video, and its place among the video's documents (`n`: how its text is found on disk). */
type Located = { videoId: string; video: VideoEntry; doc: Doc; n: number };

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

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const EMPTY = new Uint8Array(0);

/**
 * THE TEST ORACLE: the engine as it was before its postings were coded and its documents made columns (snapshot
 * version 5), kept unchanged so the tests can compare the product's results (scores, ranking, hits, marks) with
 * it on the bench's queries, and write a genuine older snapshot. Not product code.
 *
 * The library's full-text search (BM25 ranking, prefix and typo tolerance, words and folding by script through
 * the shared term rules: terms.ts, expand.ts) over a compact index of its own: typed-array postings
 * (postings.ts), one small record per document (snapshot.ts), and each video's text kept as UTF-8 bytes that
 * are decoded only for the results returned (hits.ts says what a search returns). Videos are added and
 * removed one at a time; the whole index goes into a snapshot of plain values and typed arrays
 * (`toSnapshot` / `load`) that the background stores as it is, so it never rebuilds it from scratch. Pure: no
 * browser API, so the same engine can search a channel's transcripts or run in a bench.
 */
export class OracleEngine {
  /** The documents by id (undefined: removed); an array, since scoring looks one up per posting. */
  private docs: (Located | undefined)[] = [];
  private live = 0;
  private totalLength = 0;
  private scores = new Float64Array(0);
  private matches = new Uint16Array(0);

  private constructor(
    private readonly postings: Postings,
    private readonly videos: Map<string, VideoEntry>,
    private nextId: number,
    /** Whether the passages' texts are kept here; false: the caller keeps them (on disk) and `rank`s. */
    readonly keepsText: boolean,
  ) {
    for (const [videoId, video] of videos) this.locate(videoId, video);
  }

  /** `keepsText: false`: the engine ranks, its caller keeps each passage's text and marks (passages.ts). */
  static create({ keepsText = true } = {}): OracleEngine {
    return new OracleEngine(new Postings(), new Map(), 0, keepsText);
  }

  /** A stored snapshot back into an engine; null when it is unreadable, from another version or kind. */
  static load(value: unknown, { keepsText = true } = {}): OracleEngine | null {
    const parsed = Snapshot.safeParse(value);
    if (!parsed.success || parsed.data.keepsText !== keepsText) return null;
    const postings = Postings.unpack(parsed.data.postings satisfies PackedPostings);
    return postings && new OracleEngine(postings, new Map(parsed.data.videos), parsed.data.nextId, keepsText);
  }

  /** The whole index as plain values and typed arrays, for IndexedDB (structured clone, not JSON). */
  toSnapshot(): EngineSnapshot {
    this.compact();
    const postings = this.postings.pack();
    const { nextId, keepsText } = this;
    return { version: SERIAL_VERSION, keepsText, nextId, videos: [...this.videos], postings };
  }

  private locate(videoId: string, video: VideoEntry): void {
    video.docs.forEach((doc, n) => {
      this.docs[doc.id] = { videoId, video, doc, n };
      this.live++;
      this.totalLength += doc.length;
    });
  }

  get videoCount(): number {
    return this.videos.size;
  }

  get documentCount(): number {
    return this.live;
  }

  videoIds(): string[] {
    return [...this.videos.keys()];
  }

  /** What the video's documents were built from (the caller's own fingerprint), or null when not indexed. */
  signatureOf(videoId: string): string | null {
    return this.videos.get(videoId)?.signature ?? null;
  }

  /** Indexes a video's documents, replacing whatever it had. */
  setVideo(bundle: VideoDocs, signature = ''): void {
    this.removeVideo(bundle.videoId);
    const bytes = bundle.docs.map((d) => (this.keepsText ? encoder.encode(d.text) : EMPTY));
    const text = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
    const docs: Doc[] = [];
    let at = 0;
    bundle.docs.forEach((source, i) => {
      const encoded = bytes[i] ?? new Uint8Array();
      text.set(encoded, at);
      const lang = source.lang ?? '';
      const { counts, length } = termCounts(source.text, lang || undefined);
      const id = this.nextId++;
      for (const [term, tf] of counts) this.postings.add(term, id, tf);
      const marks = this.keepsText && source.marks?.length ? Int32Array.from(source.marks) : null;
      const { kind, start, account } = source;
      docs.push({
        id,
        kind,
        start,
        account,
        lang,
        length,
        unique: counts.size,
        from: at,
        to: at + encoded.length,
        marks,
      });
      at += encoded.length;
    });
    const video: VideoEntry = { title: bundle.title, channel: bundle.channel, signature, text, docs };
    this.videos.set(bundle.videoId, video);
    this.locate(bundle.videoId, video);
  }

  removeVideo(videoId: string): void {
    const video = this.videos.get(videoId);
    if (!video) return;
    let postings = 0;
    for (const doc of video.docs) {
      this.docs[doc.id] = undefined;
      this.live--;
      this.totalLength -= doc.length;
      postings += doc.unique;
    }
    this.videos.delete(videoId);
    this.postings.removed(postings);
    // Ids only grow (a re-indexed video gets new ones) and a search keeps an array as long as the largest.
    if (this.postings.due || this.nextId > 2 * this.live + 10_000) this.compact();
  }

  /** Drops removed documents' postings and renumbers the documents 0… in their order. */
  private compact(): void {
    const renumbered = new Int32Array(this.nextId).fill(-1);
    const docs: Located[] = [];
    this.docs.forEach((located, id) => {
      if (!located) return;
      renumbered[id] = docs.length;
      docs.push(located);
    });
    this.postings.vacuum((id) => renumbered[id] ?? -1);
    docs.forEach((located, id) => {
      located.doc.id = id;
    });
    this.docs = docs;
    this.nextId = docs.length;
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
    if (words.length === 0 || this.live === 0) return [];
    const only = opts.videoIds ? new Set(opts.videoIds) : null;
    const kinds = opts.kinds ? new Set(opts.kinds) : null;
    const account = opts.account ?? '';
    const { score, matched } = this.scratch();
    const expansions = words.map((word, i) => termsOf(this.postings, word, i === words.length - 1));
    let candidates: number[] = [];
    for (const [i, weights] of expansions.entries()) {
      const next: number[] = [];
      for (const [term, weight] of weights) this.score(term, weight, i, score, matched, next);
      candidates = next;
      if (candidates.length === 0) return [];
    }
    const wanted = (id: number) => {
      const l = this.docs[id];
      return (
        l !== undefined &&
        (only === null || only.has(l.videoId)) &&
        (kinds === null || kinds.has(l.doc.kind)) &&
        (l.doc.account === '' || l.doc.account === account)
      );
    };
    const boosted = (id: number) => (score[id] ?? 0) * KIND_BOOST[this.docs[id]?.doc.kind ?? 'transcript'];
    const ranked = bestFirst(candidates.filter(wanted), boosted, opts.limit ?? 100);
    const all = expansions.flatMap((weights) => [...weights.keys()]);
    return ranked.flatMap((id) => {
      const located = this.docs[id];
      if (!located) return [];
      const { videoId, video, doc, n } = located;
      const terms = all.filter((term) => this.postings.holds(term, id));
      const { kind, start, lang } = doc;
      const { title, channel } = video;
      return [{ videoId, n, kind, start, lang, title, channel, score: boosted(id), terms }];
    });
  }

  /**
   * Scores by document id, and how many of the query's words each document matched so far, zeroed: kept from
   * search to search, since a new pair each time (some 250 kB of buffers for 1,000 videos) had the worker
   * collecting garbage for longer than the search took.
   */
  private scratch(): { score: Float64Array; matched: Uint16Array } {
    if (this.scores.length < this.nextId) {
      this.scores = new Float64Array(this.nextId);
      this.matches = new Uint16Array(this.nextId);
    } else {
      this.scores.fill(0, 0, this.nextId);
      this.matches.fill(0, 0, this.nextId);
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
    const p = this.postings.get(term);
    if (!p) return;
    const total = this.live;
    const average = this.totalLength / total || 1;
    const idf = Math.log(1 + (total - p.n + 0.5) / (p.n + 0.5));
    for (let i = 0; i < p.n; i++) {
      const id = p.ids[i] ?? 0;
      const seen = matched[id] ?? 0;
      if (seen < word || seen > word + 1) continue;
      const located = this.docs[id];
      if (!located) continue;
      const tf = p.tfs[i] ?? 0;
      const norm = 1 - BM25.b + (BM25.b * located.doc.length) / average;
      score[id] = (score[id] ?? 0) + weight * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * norm));
      if (seen === word) {
        matched[id] = word + 1;
        next.push(id);
      }
    }
  }

  private textOf({ videoId, n }: Ranked): { text: string; marks: Int32Array | null } {
    const doc = this.videos.get(videoId)?.docs[n];
    if (!doc) return { text: '', marks: null };
    const text = this.videos.get(videoId)?.text.subarray(doc.from, doc.to);
    return { text: text ? decoder.decode(text) : '', marks: doc.marks };
  }
}

/** The search restricted to a set of videos (a channel's saved transcripts, a selection in the library). */
export function searchVideos(
  engine: OracleEngine,
  query: string,
  videoIds: Iterable<string>,
  opts: Omit<SearchOptions, 'videoIds'> = {},
): SearchHit[] {
  return engine.search(query, { ...opts, videoIds });
}
