import type { ExportTranscript } from '../../utils/export';
import { t } from '../../utils/i18n/catalogue';
import { parseTime } from '../../utils/timecode';

/** A part of a transcript by the timestamps its cues show: whole seconds, either end open (null). */
export type CueRange = { from: number | null; to: number | null };

/**
 * The range typed in the From and To fields; null when both are empty (the whole transcript). Uses the panel's
 * own timecode reader (already on every page) instead of utils/video-search/time-range.ts, which keeps the content script small.
 */
export function readRange(fromText: string, toText: string): CueRange | null | { message: string } {
  const end = (text: string, name: string): number | null | { message: string } => {
    if (!text.trim()) return null;
    const seconds = parseTime(text);
    return seconds === null ? { message: t('panel.range.notTime', { field: name }) } : Math.floor(seconds);
  };
  const from = end(fromText, t('panel.range.from'));
  if (typeof from === 'object' && from !== null) return from;
  const to = end(toText, t('panel.range.to'));
  if (typeof to === 'object' && to !== null) return to;
  if (from === null && to === null) return null;
  if (from !== null && to !== null && to < from)
    return { message: t('panel.range.reversed', { from: t('panel.range.from'), to: t('panel.range.to') }) };
  return { from, to };
}

/** Whether a cue starting at `start` seconds is in the range, judged by the second its timestamp shows. */
export function inCueRange(start: number, range: CueRange): boolean {
  const shown = Math.floor(start);
  return (range.from === null || shown >= range.from) && (range.to === null || shown <= range.to);
}

/** The transcript cut to the range: its cues and their text only, the title saying which part it is. */
export function cutToRange(transcript: ExportTranscript, range: CueRange, label: string): ExportTranscript {
  const segments = transcript.segments.filter((s) => inCueRange(Number.isFinite(s.start) ? s.start : 0, range));
  return {
    ...transcript,
    title: `${transcript.title ?? ''} (${label})`.trim(),
    text: segments.map((s) => s.text).join(' '),
    segments,
  };
}
