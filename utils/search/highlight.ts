import { toTerm, wordsWithOffsets } from './terms';

/**
 * Ranges `[start, end)` of the words of `text` that a search matched: `terms` are the index terms a result
 * reports (a prefix or a typo resolved to the words really there), compared with each word's own term.
 */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  if (!text || terms.length === 0) return [];
  const wanted = new Set(terms);
  const ranges: [number, number][] = [];
  for (const { word, start, end } of wordsWithOffsets(text)) {
    const term = toTerm(word);
    if (term !== null && wanted.has(term)) ranges.push([start, end]);
  }
  return ranges;
}

export type Piece = { text: string; match: boolean };

/** The text cut into plain and matched pieces, for rendering as text nodes (never as HTML). */
export function pieces(text: string, ranges: readonly [number, number][]): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    if (start > at) out.push({ text: text.slice(at, start), match: false });
    out.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}

/**
 * A window of about `width` characters around the first match, cut at word boundaries, with the ranges
 * moved into it: long passages are shown as the part that matched.
 */
export function excerpt(
  text: string,
  ranges: readonly [number, number][],
  width = 220,
): { text: string; ranges: [number, number][] } {
  if (text.length <= width) return { text, ranges: [...ranges] };
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(width / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + width);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const lead = start > 0 ? '… ' : '';
  const tail = end < text.length ? ' …' : '';
  const shift = lead.length - start;
  const moved = ranges
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { text: `${lead}${text.slice(start, end)}${tail}`, ranges: moved };
}
