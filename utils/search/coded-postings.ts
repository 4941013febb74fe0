/**
 * The library index's postings, coded: each term's postings are one run of bytes in a buffer all terms share,
 * a posting being the gap from the document before it and whether the term occurs there more than once
 * (`gap * 2 + more`, a varint), then its count when more (capped at 255). About a third of two typed arrays a
 * term (engine-profile.ts: 3.1 MB for 1,000 videos' 2.2 million postings instead of 10.5), and no object per
 * term: the dictionary gives a term's number, numbered columns where its run is. A term gaining a posting past
 * its run's room moves to the buffer's end with room to grow; the space it left is reclaimed when a quarter of
 * the buffer is such space. Removed documents' postings stay until a vacuum rewrites the runs in one pass.
 */

/** Ids stay below this, so a posting's code fits a 32-bit int (a library names at most 20,000 videos). */
const MAX_ID = 2 ** 30;

/** The postings as a snapshot holds them: term i owns counts[i] postings coded in the next sizes[i] bytes. */
export type PackedCodes = {
  terms: string[];
  counts: Uint32Array<ArrayBuffer>;
  sizes: Uint32Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
};

/** Walks one term's postings in id order: `next()` moves to the next one, then `id` and `tf` are its. */
export class PostingCursor {
  id = 0;
  tf = 0;
  constructor(
    private readonly data: Uint8Array,
    /** Where the next posting starts. */
    public pos: number,
    private readonly end: number,
  ) {}

  next(): boolean {
    if (this.pos >= this.end) return false;
    const data = this.data;
    let b = data[this.pos++] ?? 0;
    let code = b & 127;
    for (let shift = 7; b & 128; shift += 7) {
      b = data[this.pos++] ?? 0;
      code |= (b & 127) << shift;
    }
    this.id += code >>> 1;
    this.tf = code & 1 ? (data[this.pos++] ?? 0) : 1;
    return true;
  }
}

const grown = <T extends Uint32Array<ArrayBuffer>>(a: T, length: number): T => {
  if (length <= a.length) return a;
  const out = new Uint32Array(Math.max(length, a.length * 2));
  out.set(a);
  return out as T;
};

export class CodedPostings {
  private readonly number = new Map<string, number>();
  private names: string[] = [];
  private at = new Uint32Array(64);
  private size = new Uint32Array(64);
  private room = new Uint32Array(64);
  private count = new Uint32Array(64);
  private last = new Uint32Array(64);
  private data = new Uint8Array(4096);
  private used = 0;
  private wasted = 0;
  private sorted: string[] | null = null;
  /** Postings of removed documents still in the runs. */
  private dead = 0;
  private total = 0;

  has(term: string): boolean {
    return this.number.has(term);
  }

  /** How many documents hold the term (removed ones too, until the vacuum): BM25's document frequency. */
  frequency(term: string): number {
    const t = this.number.get(term);
    return t === undefined ? 0 : (this.count[t] ?? 0);
  }

  cursor(term: string): PostingCursor | null {
    const t = this.number.get(term);
    if (t === undefined) return null;
    const from = this.at[t] ?? 0;
    return new PostingCursor(this.data, from, from + (this.size[t] ?? 0));
  }

  /** Adds document `id` to the term's postings: ids only grow, so it is the last. */
  add(term: string, id: number, tf: number): void {
    if (id >= MAX_ID) throw new RangeError('document id out of range');
    let t = this.number.get(term);
    if (t === undefined) t = this.newTerm(term);
    const n = this.count[t] ?? 0;
    let code = (id - (n ? (this.last[t] ?? 0) : 0)) * 2 + (tf > 1 ? 1 : 0);
    this.ensureRoom(t, 6);
    let pos = (this.at[t] ?? 0) + (this.size[t] ?? 0);
    const data = this.data;
    while (code >= 128) {
      data[pos++] = (code & 127) | 128;
      code >>>= 7;
    }
    data[pos++] = code;
    if (tf > 1) data[pos++] = Math.min(255, tf);
    this.size[t] = pos - (this.at[t] ?? 0);
    this.count[t] = n + 1;
    this.last[t] = id;
    this.total++;
  }

  private newTerm(term: string): number {
    const t = this.names.length;
    this.names.push(term);
    this.number.set(term, t);
    for (const key of ['at', 'size', 'room', 'count', 'last'] as const) this[key] = grown(this[key], t + 1);
    this.sorted = null;
    return t;
  }

  /** Room for `need` more bytes in the term's run: else it moves to the end, with half as much again to grow. */
  private ensureRoom(t: number, need: number): void {
    const size = this.size[t] ?? 0;
    const room = this.room[t] ?? 0;
    if (size + need <= room) return;
    const next = Math.max(16, size + need + (size >> 1));
    if (this.used + next > this.data.length) this.makeRoom(next);
    const from = this.at[t] ?? 0;
    this.data.copyWithin(this.used, from, from + size);
    this.wasted += room;
    this.at[t] = this.used;
    this.room[t] = next;
    this.used += next;
  }

  /** A larger buffer, or the same size with the space moved runs left behind dropped, whichever is needed. */
  private makeRoom(need: number): void {
    let live = 0;
    for (let t = 0; t < this.names.length; t++) live += this.room[t] ?? 0;
    const wanted = live + need;
    const reclaim = this.wasted * 4 > this.used && wanted <= this.data.length;
    const out = new Uint8Array(reclaim ? this.data.length : Math.max(Math.ceil(wanted * 1.25), 4096));
    let pos = 0;
    for (let t = 0; t < this.names.length; t++) {
      const from = this.at[t] ?? 0;
      out.set(this.data.subarray(from, from + (this.size[t] ?? 0)), pos);
      this.at[t] = pos;
      pos += this.room[t] ?? 0;
    }
    this.data = out;
    this.used = pos;
    this.wasted = 0;
  }

  /** `count` postings belong to documents removed now: they stay until a vacuum. */
  removed(count: number): void {
    this.dead += count;
  }

  /** Whether any removed document's postings wait for a vacuum. */
  get holdsRemoved(): boolean {
    return this.dead > 0;
  }

  /** Whether removed documents' postings are a tenth of all, worth a vacuum. */
  get due(): boolean {
    return this.dead > 10_000 && this.dead * 10 > this.total;
  }

  /** Every term in its run's order and its postings, re-coded through `renumber` (-1: gone; order kept). */
  vacuum(renumber: (id: number) => number): void {
    const old = this.pack();
    this.reset();
    let from = 0;
    old.terms.forEach((term, i) => {
      const cursor = new PostingCursor(old.data, from, from + (old.sizes[i] ?? 0));
      from += old.sizes[i] ?? 0;
      while (cursor.next()) {
        const id = renumber(cursor.id);
        if (id >= 0) this.add(term, id, cursor.tf);
      }
    });
    this.pack();
  }

  private reset(): void {
    this.number.clear();
    this.names = [];
    for (const key of ['at', 'size', 'room', 'count', 'last'] as const) this[key] = new Uint32Array(64);
    this.data = new Uint8Array(4096);
    this.used = 0;
    this.wasted = 0;
    this.sorted = null;
    this.dead = 0;
    this.total = 0;
  }

  /** Every term, in code-unit order. */
  terms(): string[] {
    this.sorted ??= [...this.number.keys()].sort();
    return this.sorted;
  }

  /**
   * The runs end to end with no room between, here too: a snapshot, or a vacuum's input. The index drops to its
   * coded size (a library indexed at once held half as much again in room to grow). The snapshot shares the
   * buffer: no run has room left in it, so the next posting moves its run to a new buffer, never writing this one.
   */
  pack(): PackedCodes {
    const n = this.names.length;
    const sizes = this.size.slice(0, n);
    let bytes = 0;
    for (let t = 0; t < n; t++) bytes += sizes[t] ?? 0;
    const data = new Uint8Array(bytes);
    let pos = 0;
    for (let t = 0; t < n; t++) {
      const from = this.at[t] ?? 0;
      data.set(this.data.subarray(from, from + (sizes[t] ?? 0)), pos);
      this.at[t] = pos;
      this.room[t] = sizes[t] ?? 0;
      pos += sizes[t] ?? 0;
    }
    this.data = data;
    this.used = bytes;
    this.wasted = 0;
    return { terms: [...this.names], counts: this.count.slice(0, n), sizes, data };
  }

  /** Postings back from a snapshot, each run read through to check it; null when any does not add up. */
  static unpack({ terms, counts, sizes, data }: PackedCodes): CodedPostings | null {
    const n = terms.length;
    if (counts.length !== n || sizes.length !== n) return null;
    const out = new CodedPostings();
    out.number.clear();
    for (const [t, term] of terms.entries()) out.number.set(term, t);
    if (out.number.size !== n) return null;
    out.names = [...terms];
    out.at = new Uint32Array(n);
    out.size = sizes.slice();
    out.room = sizes.slice();
    out.count = counts.slice();
    out.last = new Uint32Array(n);
    let pos = 0;
    for (let t = 0; t < n; t++) {
      const end = pos + (sizes[t] ?? 0);
      if (end > data.length) return null;
      out.at[t] = pos;
      const last = lastOf(data, pos, end, counts[t] ?? 0);
      if (last < 0) return null;
      out.last[t] = last;
      out.total += counts[t] ?? 0;
      pos = end;
    }
    if (pos !== data.length) return null;
    out.data = data;
    out.used = pos;
    return out;
  }
}

/** The last id of a run that holds `count` postings in increasing ids below MAX_ID, ending at `end`; else -1. */
function lastOf(data: Uint8Array, from: number, end: number, count: number): number {
  if (count === 0) return -1;
  const cursor = new PostingCursor(data, from, end);
  let seen = 0;
  let previous = -1;
  while (seen < count && cursor.next()) {
    if (cursor.id <= previous && seen > 0) return -1;
    if (cursor.id >= MAX_ID || cursor.tf === 0) return -1;
    previous = cursor.id;
    seen++;
  }
  // A run ends with its last posting: a code cut short reads past `end`, caught here too.
  return seen === count && cursor.pos === end ? previous : -1;
}
