import { formatTime } from '../timecode';
import type { ExportTranscript } from './cues';

const oneLine = (text: unknown): string => (typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '');

/**
 * Plain text. With timestamps: one cue per line, `[m:ss] text`. Without: the service's full `text`, or the
 * cues joined by spaces when it is missing.
 */
export function toTxt(transcript: ExportTranscript, options: { timestamps: boolean }): string {
  const segments = transcript.segments.filter((s) => oneLine(s.text));
  if (options.timestamps) {
    return `${segments.map((s) => `[${formatTime(s.start)}] ${oneLine(s.text)}`).join('\n')}\n`;
  }
  const full = typeof transcript.text === 'string' ? transcript.text.trim() : '';
  return `${full || segments.map((s) => oneLine(s.text)).join(' ')}\n`;
}
