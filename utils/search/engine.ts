import MiniSearch, { type AsPlainObject, type SearchResult } from 'minisearch';
import { z } from 'zod';
import { DOC_KINDS, type DocKind, type SearchDoc, type VideoDocs } from './documents';
import { tokenize, toTerm } from './terms';

/**
 * The library's full-text search over MiniSearch (BM25 ranking, prefix and typo tolerance, accent folding
 * through the shared term rules). Videos are added and removed one at a time; the whole index serializes to
 * plain JSON (`toJSON` / `loadSearchEngine`) so the background can persist it and never rebuild it from
 * scratch. Pure: no browser API, so the same engine can search a channel's transcripts or run in a bench.
 */
type Indexed = SearchDoc & { id: number; videoId: string };

export type SearchHit = {
  videoId: string;
  kind: DocKind;
  start: number | null;
  text: string;
  title: string;
  channel: string;
  score: number;
  /** The index terms that matched (a prefix or a typo resolved to the words really in the text). */
  terms: string[];
  marks?: number[];
};

export type SearchOptions = {
  /** Only these videos (a channel's, a selection). */
  videoIds?: Iterable<string>;
  /** Analyses and answers of this account only (transcripts and titles are everyone's). */
  account?: string;
  kinds?: readonly DocKind[];
  /** default 100 */
  limit?: number;
};

type VideoEntry = { title: string; channel: string; ids: number[]; signature: string };

const FIELDS = ['text'];
const STORED = ['videoId', 'kind', 'start', 'text', 'account', 'marks'];
// Answers and the analysis' own words summarize a video: a tie with a transcript passage goes to them.
const KIND_BOOST: Record<DocKind, number> = {
  video: 1.5,
  summary: 1.3,
  keypoint: 1.3,
  chapter: 1.3,
  answer: 1.2,
  evidence: 1.1,
  citation: 1.1,
  transcript: 1,
};
// 2: transcripts in 90-second passages (documents.ts); a snapshot of 30-second ones is rebuilt, not reused.
const SERIAL_VERSION = 2;

function options() {
  return {
    fields: FIELDS,
    storeFields: STORED,
    tokenize,
    processTerm: toTerm,
    // Dropped documents are cleaned up in small batches, so removing a video never holds the worker up.
    autoVacuum: { batchSize: 2000, batchWait: 5, minDirtCount: 200, minDirtFactor: 0.1 },
  };
}

/** Typing goes on at the end of the query: only its last word is a prefix; long words forgive typos. */
const prefix = (term: string, i: number, terms: string[]) => i === terms.length - 1 && term.length >= 3;
const fuzzy = (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false);

const isKind = (value: unknown): value is DocKind => DOC_KINDS.some((k) => k === value);
const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((n) => typeof n === 'number') ? value : undefined;

const Snapshot = z.object({
  version: z.literal(SERIAL_VERSION),
  nextId: z.number().int().nonnegative(),
  videos: z.array(
    z.tuple([
      z.string(),
      z.object({ title: z.string(), channel: z.string(), ids: z.array(z.number().int()), signature: z.string() }),
    ]),
  ),
  index: z.custom<AsPlainObject>((v) => typeof v === 'object' && v !== null && 'serializationVersion' in v),
});
export type EngineSnapshot = z.infer<typeof Snapshot>;

export class SearchEngine {
  private constructor(
    private readonly mini: MiniSearch<Indexed>,
    private readonly videos: Map<string, VideoEntry>,
    private nextId: number,
  ) {}

  static create(): SearchEngine {
    return new SearchEngine(new MiniSearch<Indexed>(options()), new Map(), 0);
  }

  /** A persisted snapshot back into an engine; null when it is unreadable or from another version. */
  static load(json: unknown): SearchEngine | null {
    const parsed = Snapshot.safeParse(json);
    if (!parsed.success) return null;
    try {
      const mini = MiniSearch.loadJS<Indexed>(parsed.data.index, options());
      return new SearchEngine(mini, new Map(parsed.data.videos), parsed.data.nextId);
    } catch {
      return null;
    }
  }

  toJSON(): EngineSnapshot {
    return { version: SERIAL_VERSION, nextId: this.nextId, videos: [...this.videos], index: this.mini.toJSON() };
  }

  get videoCount(): number {
    return this.videos.size;
  }

  get documentCount(): number {
    return this.mini.documentCount;
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
    const docs = bundle.docs.map((doc): Indexed => ({ ...doc, id: this.nextId++, videoId: bundle.videoId }));
    this.mini.addAll(docs);
    const entry = { title: bundle.title, channel: bundle.channel, ids: docs.map((d) => d.id), signature };
    this.videos.set(bundle.videoId, entry);
  }

  removeVideo(videoId: string): void {
    const entry = this.videos.get(videoId);
    if (!entry) return;
    for (const id of entry.ids) this.mini.discard(id);
    this.videos.delete(videoId);
  }

  /** Best matches first. Every word must match (the last as a prefix; long words within a typo or two). */
  search(query: string, opts: SearchOptions = {}): SearchHit[] {
    const only = opts.videoIds ? new Set(opts.videoIds) : null;
    const kinds = opts.kinds ? new Set(opts.kinds) : null;
    const account = opts.account ?? '';
    const results = this.mini.search(query, {
      combineWith: 'AND',
      prefix,
      fuzzy,
      boostDocument: (_id, _term, stored) => (isKind(stored?.kind) ? KIND_BOOST[stored.kind] : 1),
      filter: (r) =>
        (only === null || only.has(String(r.videoId))) &&
        (kinds === null || kinds.has(r.kind)) &&
        (r.account === '' || r.account === account),
    });
    return results.slice(0, opts.limit ?? 100).flatMap((r) => this.hit(r));
  }

  private hit(result: SearchResult): SearchHit[] {
    const { videoId, kind, start, text } = result;
    const video = typeof videoId === 'string' ? this.videos.get(videoId) : undefined;
    if (!video || !isKind(kind) || typeof text !== 'string') return [];
    const hit: SearchHit = {
      videoId: String(videoId),
      kind,
      start: typeof start === 'number' ? start : null,
      text,
      title: video.title,
      channel: video.channel,
      score: result.score,
      terms: result.terms,
    };
    const marks = numbers(result.marks);
    return [marks ? { ...hit, marks } : hit];
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
