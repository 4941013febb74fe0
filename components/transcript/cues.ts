import type { Segment } from '../../utils/api/schemas';
import { formatTime } from '../../utils/timecode';
import { lastAtOrBelow } from './sorted';

export interface CueModel {
  /** Cues in start order (the service sends them so; a stable sort makes sure). */
  readonly texts: readonly string[];
  readonly starts: Float64Array;
  /** The cue's timestamp as shown ("1:05"); made for the rows on screen only. */
  label(index: number): string;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const startOf = (s: Segment): number => (finite(s.start) && s.start >= 0 ? s.start : 0);
/** Whitespace to fold: a run of two, any but a plain space, or at either end. */
const UNCLEAN = /\s\s|[^\S ]|^\s|\s$/;
/**
 * The cue's text with its whitespace folded. Most cues need nothing: one scan without a copy tells (the replace and
 * trim of all 6,000 cues of a long video were half of the Transcript tab's first render).
 */
const clean = (text: unknown): string => {
  const s = typeof text === 'string' ? text : String(text ?? '');
  return UNCLEAN.test(s) ? s.replace(/\s+/g, ' ').trim() : s;
};

/** One pass when the cues come in order (they do); a stable sort only when they do not. */
export function buildCues(segments: readonly Segment[]): CueModel {
  let ordered = segments;
  for (let i = 1; i < segments.length; i++) {
    if (startOf(segments[i] as Segment) < startOf(segments[i - 1] as Segment)) {
      ordered = segments
        .map((segment, order) => ({ segment, order }))
        .sort((a, b) => startOf(a.segment) - startOf(b.segment) || a.order - b.order)
        .map((entry) => entry.segment);
      break;
    }
  }
  // One loop, not Float64Array.from's iteration and a map.
  const starts = new Float64Array(ordered.length);
  const texts = new Array<string>(ordered.length);
  for (let i = 0; i < ordered.length; i++) {
    const segment = ordered[i] as Segment;
    starts[i] = startOf(segment);
    texts[i] = clean(segment.text);
  }
  return {
    texts,
    starts,
    label: (index) => formatTime(starts[index] ?? 0),
  };
}

/** The cue playing at `seconds`: the last one starting at or before it; -1 before the first. O(log n). */
export function cueAt(starts: Float64Array, seconds: number): number {
  return Number.isFinite(seconds) ? lastAtOrBelow(starts, seconds) : -1;
}
