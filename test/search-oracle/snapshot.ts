import { z } from 'zod';
import { DOC_KINDS, type DocKind } from '../../utils/search/documents';

/**
 * The test oracle's snapshot (version 5: the format before doc-table.ts and coded-postings.ts).
 * The engine's records and the stored form of the whole index. The version changes with the format, the
 * passages or how text is cut into terms, so an older snapshot is rebuilt from the saved results, not misread.
 * 3: the compact index (typed-array postings, text as bytes). 4: words of unspaced scripts cut by
 * `Intl.Segmenter` and marks folded by script (terms.ts, fold.ts), each document's language kept. 5: whether the
 * passages' texts are in it (`keepsText`) or on disk beside it (the library's: passages.ts).
 */
export const SERIAL_VERSION = 5;

/** One indexed document: where its text is in its video's bytes, and what ranking and filtering read. */
export type Doc = {
  id: number;
  kind: DocKind;
  start: number | null;
  account: string;
  /** The language its words were cut in ('' when the service gave none). */
  lang: string;
  /** Its count of index terms (BM25's field length). */
  length: number;
  /** Its distinct terms: the postings it holds. */
  unique: number;
  from: number;
  to: number;
  marks: Int32Array<ArrayBuffer> | null;
};
export type VideoEntry = {
  title: string;
  channel: string;
  signature: string;
  text: Uint8Array<ArrayBuffer>;
  docs: Doc[];
};

const DocSchema = z.object({
  id: z.number().int().nonnegative(),
  kind: z.enum(DOC_KINDS),
  start: z.number().nullable(),
  account: z.string(),
  lang: z.string(),
  length: z.number().int().nonnegative(),
  unique: z.number().int().nonnegative(),
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  marks: z.instanceof(Int32Array).nullable(),
});
export const Snapshot = z.object({
  version: z.literal(SERIAL_VERSION),
  keepsText: z.boolean(),
  nextId: z.number().int().nonnegative(),
  videos: z.array(
    z.tuple([
      z.string(),
      z.object({
        title: z.string(),
        channel: z.string(),
        signature: z.string(),
        text: z.instanceof(Uint8Array),
        docs: z.array(DocSchema),
      }),
    ]),
  ),
  postings: z.object({
    terms: z.array(z.string()),
    counts: z.instanceof(Uint32Array),
    ids: z.instanceof(Uint32Array),
    tfs: z.instanceof(Uint8Array),
  }),
});
export type EngineSnapshot = z.infer<typeof Snapshot>;
