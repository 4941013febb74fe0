import { formatSrtTime } from '../timecode';
import { type ExportSegment, toCues } from './cues';

/** A timing line inside text would start a new cue in most players. */
const noArrow = (line: string): string => line.replace(/-->/g, '→');

/** SubRip: cues numbered from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each, LF line ends. */
export function toSrt(segments: readonly ExportSegment[]): string {
  return toCues(segments, noArrow)
    .map(
      (cue, i) =>
        `${i + 1}\n${formatSrtTime(cue.start / 1000)} --> ${formatSrtTime(cue.end / 1000)}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n');
}
