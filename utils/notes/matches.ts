import type { DrawnCue, Highlight } from './model';

type Cue = { start: number; text: string };

/** Cue starts match within this many seconds: a track saved again may round its times. */
const SLACK_SECONDS = 0.05;

/**
 * Whether the transcript shown still holds every cue the highlight was drawn from (same moment, same words).
 * A new transcript language changes them: the highlight keeps its words and time, and says it no longer matches.
 */
export function stillMatches(highlight: Pick<Highlight, 'cues'>, cues: readonly Cue[]): boolean {
  return highlight.cues.every((drawn) => cueAt(cues, drawn)?.text === drawn.text);
}

/** The cue starting at the drawn cue's moment (binary search: cues are in time order). */
function cueAt(cues: readonly Cue[], drawn: DrawnCue): Cue | undefined {
  let low = 0;
  let high = cues.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const cue = cues[mid];
    if (!cue) return undefined;
    if (Math.abs(cue.start - drawn.start) <= SLACK_SECONDS) return cue;
    if (cue.start < drawn.start) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}
