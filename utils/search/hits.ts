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
