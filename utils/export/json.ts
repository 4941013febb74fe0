import type { ExportTranscript } from './cues';

/** The service's metadata and segments (known fields only), pretty-printed. */
export function toJson(transcript: ExportTranscript): string {
  const { id, title, author, language, languageCode, isGenerated, text, segments } = transcript;
  const body = {
    id,
    title,
    author,
    language,
    languageCode,
    isGenerated,
    text,
    segments: segments.map(({ text, start, duration }) => ({ text, start, duration })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
