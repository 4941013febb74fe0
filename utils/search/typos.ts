/** Edit-distance rows, one per character of the term being walked, each `word.length + 1` cells; kept between calls. */
let cells: Int32Array = new Int32Array(1024);

/**
 * The terms of a sorted list within `max` edits (Levenshtein) of `word`, with their distances, in the list's
 * order: what `distanceWithin(word, term, max)` over every term gives, for a fraction of its cost. A term's rows
 * of the edit table are kept for the next term, which shares its prefix (sorted: most share several letters),
 * and once a prefix's row is beyond `max` every term starting with that prefix is passed over without a row
 * (a typo scan walked the library's 20,000 terms in full: most of a search of a misspelt word).
 */
export function termsWithin(sorted: readonly string[], word: string, max: number): [term: string, distance: number][] {
  const width = word.length + 1;
  const out: [string, number][] = [];
  // Rows 0…`valid` hold the table of `sorted[k - 1]`'s first `valid` letters against the word.
  let valid = 0;
  let previous = '';
  if (cells.length < width) cells = new Int32Array(width * 2);
  for (let j = 0; j < width; j++) cells[j] = j;
  for (let k = 0; k < sorted.length; k++) {
    const term = sorted[k] ?? '';
    let t = Math.min(common(previous, term), valid);
    let dead = false;
    for (; t < term.length; t++) {
      if (cells.length < (t + 2) * width) cells = grown(cells, (t + 2) * width * 2);
      const from = t * width;
      const to = from + width;
      const c = term.charCodeAt(t);
      cells[to] = t + 1;
      let best = t + 1;
      for (let j = 1; j < width; j++) {
        const replace = (cells[from + j - 1] ?? 0) + (c === word.charCodeAt(j - 1) ? 0 : 1);
        const remove = (cells[from + j] ?? 0) + 1;
        const insert = (cells[to + j - 1] ?? 0) + 1;
        const value = replace < remove ? (replace < insert ? replace : insert) : remove < insert ? remove : insert;
        cells[to + j] = value;
        if (value < best) best = value;
      }
      if (best > max) {
        // Every term starting with these t + 1 letters is beyond `max` too: none of them is walked.
        const prefix = term.slice(0, t + 1);
        while (k + 1 < sorted.length && (sorted[k + 1] ?? '').startsWith(prefix)) k++;
        valid = t;
        dead = true;
        break;
      }
    }
    previous = term;
    if (dead) continue;
    valid = term.length;
    const d = cells[term.length * width + width - 1] ?? max + 1;
    if (d <= max) out.push([term, d]);
  }
  return out;
}

/** How many letters two strings share at their start. */
function common(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function grown(from: Int32Array, size: number): Int32Array {
  const to = new Int32Array(size);
  to.set(from);
  return to;
}
