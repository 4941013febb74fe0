/** Shared input types and cue timing for the subtitle exports. */
import type { Segment, Transcript } from '../api/schemas';

export type ExportSegment = Segment;

/** What the exports write: a transcript in the spec's shape (whose segments they only read). */
export type ExportTranscript = Omit<Transcript, 'segments'> & { segments: readonly ExportSegment[] };

export interface Cue {
  /** Milliseconds; `end > start`, and a cue never overlaps the next one. */
  start: number;
  end: number;
  /** Non-empty lines with no blank line between them (a blank line would end a subtitle cue). */
  lines: string[];
}

/** Shown for a cue whose duration is zero, negative or missing, unless the next cue starts sooner. */
const DEFAULT_CUE_MS = 2_000;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

const LINE_BREAK = /[\r\n\u2028\u2029]/;

export function cueLines(text: unknown, clean: (line: string) => string = (l) => l): string[] {
  if (typeof text !== 'string') return [];
  // Most cues are one line: no split, no arrays to filter (a bulk file exports some 90,000 cues).
  if (!LINE_BREAK.test(text)) {
    const line = clean(text.trim()).trim();
    return line.length > 0 ? [line] : [];
  }
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => clean(line.trim()).trim())
    .filter((line) => line.length > 0);
}

/**
 * Segments → timed cues, in start order: cues with no text or no usable start are skipped; an end is
 * start + duration, clamped to the next cue's start, and at least 1 ms after its own start (a cue that
 * shares the previous one's start is nudged just after it).
 */
export function toCues(segments: readonly ExportSegment[], clean?: (line: string) => string): Cue[] {
  // One pass, sorted only when out of order (the service's cues come in order): a bulk file makes ~500 of these.
  const timed: { start: number; duration: unknown; lines: string[] }[] = [];
  let ordered = true;
  for (const s of segments) {
    if (!finite(s?.start)) continue;
    const lines = cueLines(s.text, clean);
    if (lines.length === 0) continue;
    const start = Math.max(0, Math.round(s.start * 1000));
    if (start < (timed.at(-1)?.start ?? 0)) ordered = false;
    timed.push({ start, duration: s.duration, lines });
  }
  if (!ordered) timed.sort((a, b) => a.start - b.start);
  const cues: Cue[] = [];
  let previousEnd = 0;
  for (let i = 0; i < timed.length; i++) {
    const cue = timed[i];
    if (!cue) continue;
    const start = Math.max(cue.start, previousEnd);
    const wanted = finite(cue.duration) && cue.duration > 0 ? Math.round(cue.duration * 1000) : DEFAULT_CUE_MS;
    const next = timed[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const end = Math.max(start + 1, Math.min(start + Math.max(wanted, 1), next));
    cues.push({ start, end, lines: cue.lines });
    previousEnd = end;
  }
  return cues;
}
