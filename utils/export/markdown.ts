import { deepLink } from '../panel-link';
import { formatTime } from '../timecode';
import { watchUrl } from '../video-id';
import type { ExportTranscript } from './cues';

/**
 * Markdown-significant characters are backslash-escaped and line breaks folded, so transcript text cannot
 * open links, images, HTML, code, emphasis or block structure. (Bare URLs in the text stay text; renderers
 * that auto-link them show the URL as written.)
 */
export function escapeMarkdown(text: unknown): string {
  if (typeof text !== 'string') return '';
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+\-!|~&]/g, '\\$&');
}

/** The video's link, or a moment of it (`&t=0s` included: a note's first cue links its start too). */
export function watchLink(videoId: string, seconds?: number): string {
  return seconds === undefined ? watchUrl(videoId) : deepLink(videoId, seconds);
}

/** Title heading, channel, language and video link, then one paragraph per cue led by its timestamp link. */
export function toMarkdown(transcript: ExportTranscript, options: { videoId: string }): string {
  const { videoId } = options;
  const url = watchLink(videoId);
  const title = escapeMarkdown(transcript.title) || escapeMarkdown(`Video ${videoId}`);
  const head = [`# ${title}`, ''];
  const author = escapeMarkdown(transcript.author);
  if (author) head.push(`**Channel:** ${author}  `);
  const language = escapeMarkdown(transcript.language);
  if (language) head.push(`**Language:** ${language}${transcript.isGenerated ? ' (auto\\-generated)' : ''}  `);
  head.push(`**Video:** <${url}>`, '');
  const cues = transcript.segments
    .map((s) => ({ s, text: escapeMarkdown(s.text) }))
    .filter(({ text }) => text)
    .map(({ s, text }) => `[${formatTime(s.start)}](${watchLink(videoId, s.start)}) ${text}\n`);
  return [...head, ...cues].join('\n');
}
