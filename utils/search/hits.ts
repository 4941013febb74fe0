import type { DocKind } from './documents';

/** What a library search returns, and what it can be asked (engine.ts). */
export type SearchHit = {
  videoId: string;
  kind: DocKind;
  start: number | null;
  text: string;
  title: string;
  channel: string;
  score: number;
  /** The language its words were cut in ('' when unknown): highlighting cuts them the same way. */
  lang: string;
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

/**
 * A result before its text is read: which passage of which video (`n`: its place among the video's documents),
 * its score and matched terms. An index whose texts are kept on disk reads only the returned ones' (passages.ts).
 */
export type Ranked = {
  videoId: string;
  n: number;
  kind: DocKind;
  start: number | null;
  /** The language its words were cut in ('' when unknown). */
  lang: string;
  title: string;
  channel: string;
  score: number;
  terms: string[];
};

/** A passage's own text and cue marks, wherever they are kept. */
export type PassageText = { text: string; marks: ArrayLike<number> | null };

export function hitOf(r: Ranked, passage: PassageText): SearchHit {
  const hit: SearchHit = {
    videoId: r.videoId,
    kind: r.kind,
    start: r.start,
    text: passage.text,
    title: r.title,
    channel: r.channel,
    score: r.score,
    lang: r.lang,
    terms: r.terms,
  };
  return passage.marks ? { ...hit, marks: Array.from(passage.marks) } : hit;
}
