/**
 * Defence in depth: the service already verifies citations (visual within 8 s of a stored frame, spoken on a
 * real transcript segment). We check again against what we hold, so a citation we cannot back is marked.
 */

export interface CitationSegment {
  text: string;
  start: number;
  duration: number;
}

export interface CitationInput {
  kind: 'speech' | 'visual' | 'unknown';
  time: number | null;
  quote: string;
}

export interface CitationContext {
  segments: readonly CitationSegment[];
  /** Times (seconds) of the artifact's visual evidence. */
  visualTimes: readonly number[];
  durationSeconds?: number;
}

export type CitationStatus = 'checked' | 'not_found';

export const CITATION_WINDOW_SECONDS = 8;

const isTime = (t: unknown): t is number => typeof t === 'number' && Number.isFinite(t) && t >= 0;
const segmentEnd = (s: CitationSegment): number => s.start + (isTime(s.duration) ? s.duration : 0);

/** Case, accents, punctuation and whitespace folded away: "Café, déjà-vu!" → "cafe deja vu". */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function quoteFound(quote: string, time: number, segments: readonly CitationSegment[]): boolean {
  const from = time - CITATION_WINDOW_SECONDS;
  const to = time + CITATION_WINDOW_SECONDS;
  const nearby = segments.filter((s) => isTime(s.start) && s.start <= to && segmentEnd(s) >= from);
  const haystack = ` ${normalizeForMatch(nearby.map((s) => s.text).join(' '))} `;
  // An elided quote ("first part … last part") must match piece by piece, in order.
  let at = 0;
  for (const piece of quote.split(/\.{3}|…/).map(normalizeForMatch)) {
    if (!piece) continue;
    const found = haystack.indexOf(` ${piece} `, at);
    if (found < 0) return false;
    at = found + piece.length + 1;
  }
  return true;
}

function spokenChecked(citation: CitationInput, segments: readonly CitationSegment[], time: number): boolean {
  if (normalizeForMatch(citation.quote)) return quoteFound(citation.quote, time, segments);
  return segments.some((s) => isTime(s.start) && time >= s.start && time <= segmentEnd(s));
}

function visualChecked(visualTimes: readonly number[], time: number): boolean {
  return visualTimes.some((t) => isTime(t) && Math.abs(t - time) <= CITATION_WINDOW_SECONDS);
}

/**
 * 'checked' when the citation is backed by what we hold: a spoken quote found in the segments within ±8 s
 * (or, without a quote, a time inside a real segment); a visual time within 8 s of visual evidence; a citation
 * of unknown kind by either. No valid time, or a time past the video's end → 'not_found'.
 */
export function checkCitation(citation: CitationInput, ctx: CitationContext): CitationStatus {
  const { time } = citation;
  if (!isTime(time)) return 'not_found';
  if (isTime(ctx.durationSeconds) && time > ctx.durationSeconds) return 'not_found';
  const spoken = citation.kind !== 'visual' && spokenChecked(citation, ctx.segments, time);
  const visual = citation.kind !== 'speech' && !spoken && visualChecked(ctx.visualTimes, time);
  return spoken || visual ? 'checked' : 'not_found';
}
