import { clockOfMs } from '../timecode';
import { type ExportSegment, toCues } from './cues';

/** A timing line inside text would start a new cue in most players. */
const noArrow = (line: string): string => (line.includes('-->') ? line.replace(/-->/g, '→') : line);

/** SubRip: cues numbered from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each, LF line ends. */
export function toSrt(segments: readonly ExportSegment[]): string {
  // Appended in one loop: a bulk file writes some 90,000 cues, and a string per cue joined after cost twice that.
  let out = '';
  let n = 0;
  for (const cue of toCues(segments, noArrow)) {
    n += 1;
    const text = cue.lines.length === 1 ? cue.lines[0] : cue.lines.join('\n');
    out += `${n > 1 ? '\n' : ''}${n}\n${clockOfMs(cue.start, ',')} --> ${clockOfMs(cue.end, ',')}\n${text}\n`;
  }
  return out;
}
