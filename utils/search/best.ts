/**
 * The `limit` best of `ids` by `score`, best first, ties to the smaller id: what sorting them all and keeping the
 * first `limit` gives, with a heap of `limit` instead of a sort of every candidate (a common word's search has
 * some 20,000 candidates for its 100 results).
 */
export function bestFirst(ids: readonly number[], score: (id: number) => number, limit: number): number[] {
  if (limit <= 0) return [];
  // A heap whose root is the worst kept: a candidate enters only when it is better than that one.
  const heapIds = new Float64Array(Math.min(limit, ids.length));
  const heapScores = new Float64Array(heapIds.length);
  let size = 0;
  const worse = (sa: number, ia: number, sb: number, ib: number) => sa < sb || (sa === sb && ia > ib);
  /** Puts (s, id) at slot i of the heap, moving it down to where it belongs. */
  const sift = (s: number, id: number, from: number) => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const r = l + 1;
      let c = l;
      if (r < size && worse(heapScores[r] ?? 0, heapIds[r] ?? 0, heapScores[l] ?? 0, heapIds[l] ?? 0)) c = r;
      if (!worse(heapScores[c] ?? 0, heapIds[c] ?? 0, s, id)) break;
      heapScores[i] = heapScores[c] ?? 0;
      heapIds[i] = heapIds[c] ?? 0;
      i = c;
    }
    heapScores[i] = s;
    heapIds[i] = id;
  };
  for (const id of ids) {
    const s = score(id);
    if (size < heapIds.length) {
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(s, id, heapScores[parent] ?? 0, heapIds[parent] ?? 0)) break;
        heapScores[i] = heapScores[parent] ?? 0;
        heapIds[i] = heapIds[parent] ?? 0;
        i = parent;
      }
      heapScores[i] = s;
      heapIds[i] = id;
    } else if (worse(heapScores[0] ?? 0, heapIds[0] ?? 0, s, id)) {
      sift(s, id, 0);
    }
  }
  const kept = Array.from(heapIds.subarray(0, size), (id, i) => ({ id, score: heapScores[i] ?? 0 }));
  return kept.sort((a, b) => b.score - a.score || a.id - b.id).map((k) => k.id);
}
