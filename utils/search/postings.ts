/**
 * The inverted index, compact: each term's postings are two typed arrays (document ids, and how often the term
 * occurs there, capped at 255) instead of a Map per term (background.heap_mb_1000_videos: 2 million postings
 * for 1,000 videos). Removed documents stay in the arrays until a vacuum drops them in one pass; the caller
 * skips them meanwhile. Terms are also kept sorted, for a prefix's range and a typo's scan.
 */
export type TermPostings = { ids: Uint32Array<ArrayBuffer>; tfs: Uint8Array<ArrayBuffer>; n: number };

/** The postings in four flat arrays: what a snapshot holds (term i owns the next counts[i] entries). */
export type PackedPostings = {
  terms: string[];
  counts: Uint32Array<ArrayBuffer>;
  ids: Uint32Array<ArrayBuffer>;
  tfs: Uint8Array<ArrayBuffer>;
};

export class Postings {
  private readonly byTerm = new Map<string, TermPostings>();
  private sorted: string[] | null = null;
  /** Postings of removed documents still in the arrays. */
  private dead = 0;
  private total = 0;

  get(term: string): TermPostings | undefined {
    return this.byTerm.get(term);
  }

  has(term: string): boolean {
    return this.byTerm.has(term);
  }

  add(term: string, id: number, tf: number): void {
    let p = this.byTerm.get(term);
    if (!p) {
      p = { ids: new Uint32Array(4), tfs: new Uint8Array(4), n: 0 };
      this.byTerm.set(term, p);
      this.sorted = null;
    }
    if (p.n === p.ids.length) {
      const ids = new Uint32Array(p.n * 2);
      ids.set(p.ids);
      const tfs = new Uint8Array(p.n * 2);
      tfs.set(p.tfs);
      p.ids = ids;
      p.tfs = tfs;
    }
    p.ids[p.n] = id;
    p.tfs[p.n] = Math.min(255, tf);
    p.n++;
    this.total++;
  }

  /** One more occurrence of `term` in document `id`, added after every document before it (ids in order). */
  addOccurrence(term: string, id: number): void {
    const p = this.byTerm.get(term);
    const last = p ? p.n - 1 : -1;
    if (p && last >= 0 && p.ids[last] === id) p.tfs[last] = Math.min(255, (p.tfs[last] ?? 0) + 1);
    else this.add(term, id, 1);
  }

  /** `count` postings belong to documents removed now: they stay until a vacuum. */
  removed(count: number): void {
    this.dead += count;
  }

  /** Whether removed documents' postings are a tenth of all, worth a vacuum. */
  get due(): boolean {
    return this.dead > 10_000 && this.dead * 10 > this.total;
  }

  /**
   * Drops the postings of removed documents and renumbers the others in one pass: `renumber` gives a document's
   * new id, or -1 when it is gone. It must keep the ids' order (postings are searched by binary search).
   */
  vacuum(renumber: (id: number) => number): void {
    this.total = 0;
    for (const [term, p] of this.byTerm) {
      let kept = 0;
      for (let i = 0; i < p.n; i++) {
        const id = renumber(p.ids[i] ?? 0);
        if (id < 0) continue;
        p.ids[kept] = id;
        p.tfs[kept] = p.tfs[i] ?? 0;
        kept++;
      }
      p.n = kept;
      this.total += kept;
      if (kept === 0) {
        this.byTerm.delete(term);
        this.sorted = null;
      }
    }
    this.dead = 0;
  }

  /** Whether a document holds a term: its postings are in id order (ids only grow; a vacuum keeps order). */
  holds(term: string, id: number): boolean {
    const p = this.get(term);
    if (!p) return false;
    let lo = 0;
    let hi = p.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = p.ids[mid] ?? 0;
      if (at === id) return true;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** Every term, in code-unit order. */
  terms(): string[] {
    this.sorted ??= [...this.byTerm.keys()].sort();
    return this.sorted;
  }

  /** The postings in flat arrays (vacuum first: removed documents' postings would be packed too). */
  pack(): PackedPostings {
    const terms = [...this.byTerm.keys()];
    const counts = new Uint32Array(terms.length);
    const ids = new Uint32Array(this.total);
    const tfs = new Uint8Array(this.total);
    let at = 0;
    terms.forEach((term, i) => {
      const p = this.byTerm.get(term);
      if (!p) return;
      counts[i] = p.n;
      ids.set(p.ids.subarray(0, p.n), at);
      tfs.set(p.tfs.subarray(0, p.n), at);
      at += p.n;
    });
    return { terms, counts, ids, tfs };
  }

  /** Postings back from a snapshot: views into its arrays, copied only when a term gains a posting. */
  static unpack({ terms, counts, ids, tfs }: PackedPostings): Postings | null {
    if (counts.length !== terms.length || ids.length !== tfs.length) return null;
    const out = new Postings();
    let at = 0;
    for (let i = 0; i < terms.length; i++) {
      const n = counts[i] ?? 0;
      const term = terms[i] ?? '';
      if (at + n > ids.length) return null;
      out.byTerm.set(term, { ids: ids.subarray(at, at + n), tfs: tfs.subarray(at, at + n), n });
      at += n;
    }
    if (at !== ids.length) return null;
    out.total = at;
    return out;
  }
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance of `a` and `b` when it is at most `max`, else max + 1 (rows stop early). */
export function distanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let row = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = c === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return prev[b.length] ?? max + 1;
}

/** The terms of a sorted list that start with `prefix` (a binary search to the first, then in order). */
export function startingWith(sorted: readonly string[], prefix: string): string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? '') < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sorted.length && (sorted[i] ?? '').startsWith(prefix); i++) out.push(sorted[i] ?? '');
  return out;
}
