import type { Segment } from '../../utils/api/schemas';
import { formatTime } from '../../utils/timecode';

export interface CueModel {
  /** Cues in start order (the service sends them so; a stable sort makes sure). */
  readonly texts: readonly string[];
  readonly labels: readonly string[];
  readonly starts: Float64Array;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

export function buildCues(segments: readonly Segment[]): CueModel {
  const usable = segments
    .map((s, order) => ({ start: finite(s.start) && s.start >= 0 ? s.start : 0, text: String(s.text ?? ''), order }))
    .sort((a, b) => a.start - b.start || a.order - b.order);
  return {
    texts: usable.map((c) => c.text.replace(/\s+/g, ' ').trim()),
    labels: usable.map((c) => formatTime(c.start)),
    starts: Float64Array.from(usable, (c) => c.start),
  };
}

/** The cue playing at `seconds`: the last one starting at or before it; -1 before the first. O(log n). */
export function cueAt(starts: Float64Array, seconds: number): number {
  if (!Number.isFinite(seconds)) return -1;
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if ((starts[mid] ?? 0) <= seconds) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
