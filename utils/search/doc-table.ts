import { DOC_KINDS, type DocKind, type VideoDocs } from './documents';

/**
 * The index's documents as columns (a typed array each, by document id) instead of an object per document:
 * some 25 a video, 250,000 in a 10,000-video library. A video's documents have consecutive ids (`first`,
 * `count`), so its place among them (`n`: how its text is found on disk) is `id - first`. Accounts and
 * languages are numbers into a table of names.
 */

/** The passages' texts and cue marks, when the engine keeps them (a channel's search; the library's are on disk). */
export type KeptText = {
  bytes: Uint8Array<ArrayBuffer>;
  /** Document n's text is bytes[bounds[n]] up to bytes[bounds[n + 1]]. */
  bounds: Uint32Array<ArrayBuffer>;
  marks: (Int32Array<ArrayBuffer> | null)[];
};
const encoder = new TextEncoder();

/** A video's passages' texts and marks, as the engine keeps them when it keeps them. */
export function keptText(bundle: VideoDocs): KeptText {
  const encoded = bundle.docs.map((d) => encoder.encode(d.text));
  const bounds = new Uint32Array(encoded.length + 1);
  encoded.forEach((bytes, i) => {
    bounds[i + 1] = (bounds[i] ?? 0) + bytes.length;
  });
  const bytes = new Uint8Array(bounds[encoded.length] ?? 0);
  for (const [i, b] of encoded.entries()) bytes.set(b, bounds[i]);
  const marks = bundle.docs.map((d) => (d.marks?.length ? Int32Array.from(d.marks) : null));
  return { bytes, bounds, marks };
}

export type VideoEntry = {
  title: string;
  channel: string;
  signature: string;
  first: number;
  count: number;
  text?: KeptText;
};
export type Slot = VideoEntry & { videoId: string; slot: number };

/** What ranking and filtering read of a document. */
export type DocRecord = { kind: DocKind; start: number | null; account: string; lang: string; length: number };

/** The columns as a snapshot holds them (ids 0…, no removed ones); which video is said by the videos' ranges. */
export type PackedDocs = {
  names: string[];
  kind: Uint8Array<ArrayBuffer>;
  start: Float64Array<ArrayBuffer>;
  account: Uint32Array<ArrayBuffer>;
  lang: Uint32Array<ArrayBuffer>;
  length: Uint32Array<ArrayBuffer>;
  unique: Uint32Array<ArrayBuffer>;
};
type Columns = Omit<PackedDocs, 'names'> & { video: Int32Array<ArrayBuffer> };

const columns = (n: number): Columns => ({
  video: new Int32Array(n).fill(-1),
  kind: new Uint8Array(n),
  start: new Float64Array(n),
  account: new Uint32Array(n),
  lang: new Uint32Array(n),
  length: new Uint32Array(n),
  unique: new Uint32Array(n),
});
const KEYS = ['video', 'kind', 'start', 'account', 'lang', 'length', 'unique'] as const;

/** The first `n` of each column into columns of `length` (ids kept). */
function resized(from: Columns, n: number, length: number): Columns {
  const out = columns(length);
  for (const key of KEYS) out[key].set(from[key].subarray(0, n) as never);
  return out;
}

export class DocTable {
  readonly videos = new Map<string, Slot>();
  private slots: (Slot | undefined)[] = [];
  private names: string[] = [];
  private readonly nameIds = new Map<string, number>();
  /** The columns, by id: read them again after an add (they grow). */
  cols: Columns = columns(256);
  /** The next id. */
  size = 0;
  live = 0;
  totalLength = 0;

  /** The name's number, or -1 when no document has it. */
  nameId(name: string): number {
    return this.nameIds.get(name) ?? -1;
  }

  private nameOf(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.push(name) - 1;
      this.nameIds.set(name, id);
    }
    return id;
  }

  name(id: number): string {
    return this.names[id] ?? '';
  }

  /** The document's video, undefined when it was removed. */
  videoOf(id: number): Slot | undefined {
    return this.slots[this.cols.video[id] ?? -1];
  }

  kindOf(id: number): DocKind {
    return DOC_KINDS[this.cols.kind[id] ?? 0] ?? 'transcript';
  }

  /** The document's start (null when it has none). */
  startOf(id: number): number | null {
    const start = this.cols.start[id] ?? Number.NaN;
    return Number.isNaN(start) ? null : start;
  }

  /** A video's documents, given the postings each holds (`unique`): its ids follow the last ones. */
  add(videoId: string, entry: Omit<VideoEntry, 'first' | 'count'>, docs: (DocRecord & { unique: number })[]) {
    const first = this.size;
    if (first + docs.length > this.cols.video.length) {
      this.cols = resized(this.cols, first, Math.max(2 * this.cols.video.length, first + docs.length));
    }
    const slot: Slot = { ...entry, videoId, first, count: docs.length, slot: this.slots.length };
    this.slots.push(slot);
    this.videos.set(videoId, slot);
    const c = this.cols;
    docs.forEach((doc, i) => {
      const id = first + i;
      c.video[id] = slot.slot;
      c.kind[id] = DOC_KINDS.indexOf(doc.kind);
      c.start[id] = doc.start ?? Number.NaN;
      c.account[id] = this.nameOf(doc.account);
      c.lang[id] = this.nameOf(doc.lang);
      c.length[id] = doc.length;
      c.unique[id] = doc.unique;
      this.totalLength += doc.length;
    });
    this.size += docs.length;
    this.live += docs.length;
  }

  /** Removes a video's documents; the postings they held (0 when the video is not here). */
  remove(videoId: string): number {
    const slot = this.videos.get(videoId);
    if (!slot) return 0;
    let postings = 0;
    for (let id = slot.first; id < slot.first + slot.count; id++) {
      this.cols.video[id] = -1;
      this.totalLength -= this.cols.length[id] ?? 0;
      postings += this.cols.unique[id] ?? 0;
    }
    this.live -= slot.count;
    this.slots[slot.slot] = undefined;
    this.videos.delete(videoId);
    return postings;
  }

  /** Drops removed documents and renumbers the others 0… in their order: each old id's new one, -1 if gone. */
  compact(): Int32Array {
    const renumbered = new Int32Array(this.size).fill(-1);
    const out = columns(Math.max(this.live, 16));
    const slots: Slot[] = [];
    let next = 0;
    for (const slot of this.slots) {
      if (!slot) continue;
      const from = slot.first;
      for (const key of KEYS) out[key].set(this.cols[key].subarray(from, from + slot.count) as never, next);
      for (let i = 0; i < slot.count; i++) renumbered[from + i] = next + i;
      out.video.fill(slots.length, next, next + slot.count);
      slot.first = next;
      slot.slot = slots.length;
      slots.push(slot);
      next += slot.count;
    }
    this.cols = out;
    this.slots = slots;
    this.size = next;
    return renumbered;
  }

  /**
   * The videos and columns as they are (compact first: removed documents would be packed too), the columns cut to
   * their size here too. The snapshot shares them: the next video's documents go into new columns, and a removal
   * writes only the video column, which a snapshot does not hold.
   */
  pack(): { videos: [string, VideoEntry][]; docs: PackedDocs } {
    const videos = [...this.videos].map(([id, { videoId: _, slot: __, ...entry }]): [string, VideoEntry] => [
      id,
      entry,
    ]);
    this.cols = resized(this.cols, this.size, this.size);
    const { kind, start, account, lang, length, unique } = this.cols;
    return { videos, docs: { names: [...this.names], kind, start, account, lang, length, unique } };
  }

  /** A table back from a snapshot; null when its videos' ranges or its columns do not add up. */
  static unpack(videos: [string, VideoEntry][], docs: PackedDocs, keepsText: boolean): DocTable | null {
    const n = docs.kind.length;
    if (KEYS.some((key) => key !== 'video' && docs[key].length !== n)) return null;
    const out = new DocTable();
    const { names, ...cols } = docs;
    out.names = [...names];
    for (const [i, name] of out.names.entries()) out.nameIds.set(name, i);
    if (out.nameIds.size !== names.length) return null;
    out.cols = { ...cols, video: new Int32Array(n).fill(-1) };
    // The videos follow one another in id order, each as many ids as its documents; their texts when kept.
    let next = 0;
    for (const [videoId, entry] of videos) {
      const { first, count, text } = entry;
      if (first !== next || out.videos.has(videoId) || (text !== undefined) !== keepsText) return null;
      if (text && (text.bounds.length !== count + 1 || text.marks.length !== count)) return null;
      const slot: Slot = { ...entry, videoId, slot: out.slots.length };
      out.slots.push(slot);
      out.videos.set(videoId, slot);
      out.cols.video.fill(slot.slot, first, first + count);
      next += count;
    }
    if (next !== n) return null;
    for (let id = 0; id < n; id++) {
      if ((docs.kind[id] ?? 0) >= DOC_KINDS.length) return null;
      if ((docs.account[id] ?? 0) >= out.names.length || (docs.lang[id] ?? 0) >= out.names.length) return null;
      out.totalLength += docs.length[id] ?? 0;
    }
    out.size = n;
    out.live = n;
    return out;
  }
}
