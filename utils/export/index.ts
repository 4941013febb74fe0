import type { NoteItem } from '../notes/model';
import type { ExportTranscript } from './cues';
import { toJson } from './json';
import { toMarkdown } from './markdown';
import { notesSection } from './notes-file';
import { toSrt } from './srt';
import { toTxt } from './txt';
import { toVtt } from './vtt';

export type { ExportSegment, ExportTranscript } from './cues';
export { toJson, toMarkdown, toSrt, toTxt, toVtt };

export type ExportFormat = 'txt' | 'srt' | 'vtt' | 'markdown' | 'json';

export interface ExportedFile {
  filename: string;
  mime: string;
  content: string;
}

const TYPES: Record<ExportFormat, { ext: string; mime: string }> = {
  txt: { ext: 'txt', mime: 'text/plain;charset=utf-8' },
  srt: { ext: 'srt', mime: 'application/x-subrip;charset=utf-8' },
  vtt: { ext: 'vtt', mime: 'text/vtt;charset=utf-8' },
  markdown: { ext: 'md', mime: 'text/markdown;charset=utf-8' },
  json: { ext: 'json', mime: 'application/json;charset=utf-8' },
};
const MAX_TITLE = 100;

/**
 * `Title [ID].ext`: no path separators, reserved or control/format characters (bidi overrides included),
 * no leading/trailing dots or spaces, title at most 100 code points; just `ID.ext` without a usable title.
 */
export function safeFilename(title: string | null, videoId: string, ext: string): string {
  const id = /^[A-Za-z0-9_-]{1,64}$/.test(videoId) ? videoId : 'video';
  const cleaned = (title ?? '')
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}/\\:*?"<>|]/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const short = Array.from(cleaned)
    .slice(0, MAX_TITLE)
    .join('')
    .replace(/[\s.]+$/, '');
  return short ? `${short} [${id}].${ext}` : `${id}.${ext}`;
}

/**
 * The file for one download menu item. TXT includes timestamps unless told otherwise; Markdown carries the
 * person's highlights and notes it is given (those of the part exported) before the cues.
 */
export function exportFile(
  format: ExportFormat,
  transcript: ExportTranscript,
  videoId: string,
  options: { timestamps?: boolean; notes?: readonly NoteItem[] } = {},
): ExportedFile {
  const { ext, mime } = TYPES[format];
  const content =
    format === 'txt'
      ? toTxt(transcript, { timestamps: options.timestamps ?? true })
      : format === 'srt'
        ? toSrt(transcript.segments)
        : format === 'vtt'
          ? toVtt(transcript.segments)
          : format === 'markdown'
            ? toMarkdown(transcript, { videoId, notes: notesSection(videoId, options.notes ?? []) })
            : toJson(transcript);
  return { filename: safeFilename(transcript.title, videoId, ext), mime, content };
}
