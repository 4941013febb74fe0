import { z } from 'zod';
import type { PackedCodes } from './coded-postings';
import type { PackedDocs, VideoEntry } from './doc-table';

/**
 * The stored form of the whole index. The version changes with the format, the passages or how text is cut
 * into terms, so an older snapshot is rebuilt from the saved results, not misread. 3: the compact index
 * (typed-array postings, text as bytes). 4: words of unspaced scripts cut by `Intl.Segmenter` and marks folded
 * by script (terms.ts, fold.ts), each document's language kept. 5: whether the passages' texts are in it
 * (`keepsText`) or on disk beside it. 6: the documents as columns (doc-table.ts) and the postings coded
 * (coded-postings.ts).
 */
export const SERIAL_VERSION = 6;

const KeptTextSchema = z.object({
  bytes: z.instanceof(Uint8Array),
  bounds: z.instanceof(Uint32Array),
  marks: z.array(z.instanceof(Int32Array).nullable()),
});
const VideoSchema = z.object({
  title: z.string(),
  channel: z.string(),
  signature: z.string(),
  first: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  text: KeptTextSchema.optional(),
});

export const Snapshot = z.object({
  version: z.literal(SERIAL_VERSION),
  keepsText: z.boolean(),
  videos: z.array(z.tuple([z.string(), VideoSchema])),
  docs: z.object({
    names: z.array(z.string()),
    kind: z.instanceof(Uint8Array),
    start: z.instanceof(Float64Array),
    account: z.instanceof(Uint32Array),
    lang: z.instanceof(Uint32Array),
    length: z.instanceof(Uint32Array),
    unique: z.instanceof(Uint32Array),
  }),
  postings: z.object({
    terms: z.array(z.string()),
    counts: z.instanceof(Uint32Array),
    sizes: z.instanceof(Uint32Array),
    data: z.instanceof(Uint8Array),
  }),
});

export type EngineSnapshot = {
  version: typeof SERIAL_VERSION;
  keepsText: boolean;
  videos: [string, VideoEntry][];
  docs: PackedDocs;
  postings: PackedCodes;
};
