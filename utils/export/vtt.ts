import { clockOfMs } from '../timecode';
import { type ExportSegment, toCues } from './cues';

/** Cue text is markup in WebVTT: escape it, and never let `-->` through (it would read as a timing line). */
export function escapeVttText(line: string): string {
  return line.replace(/-->/g, '→').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** WebVTT: `WEBVTT` header, `HH:MM:SS.mmm --> HH:MM:SS.mmm`, escaped text, a blank line after each cue. */
export function toVtt(segments: readonly ExportSegment[]): string {
  const cues = toCues(segments, escapeVttText).map(
    (cue) => `${clockOfMs(cue.start, '.')} --> ${clockOfMs(cue.end, '.')}\n${cue.lines.join('\n')}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}
