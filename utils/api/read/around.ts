import type { AroundPassage } from '../../channel/around-replies';
import { t } from '../../i18n/catalogue';
import { isTranscriptFailure } from './transcript-entry';
import { readTranscripts } from './transcripts';

/**
 * A get_transcript answer for one video and range, read leniently (the tool's output schema is not shown in the
 * spec): the shapes a transcripts response may take (./transcripts.ts), its cues kept in the range asked.
 * null when it cannot be read at all.
 */
export function readAroundAnswer(
  raw: unknown,
  videoId: string,
  range: { from: number; to: number },
): AroundPassage | null {
  const body = typeof raw === 'string' ? { results: [raw] } : raw;
  const read = readTranscripts(body, { ids: [videoId] });
  const entry = read?.results.find((r) => r.id === videoId) ?? read?.results[0];
  if (!entry) return null;
  const base = { videoId, from: range.from, to: range.to };
  if (isTranscriptFailure(entry)) {
    return {
      ...base,
      cues: [],
      text: '',
      error: entry.message ?? t('errors.around.couldNotRead', { code: entry.error }),
    };
  }
  // Cues that overlap the range: a server that sent the whole transcript is cut here.
  const cues = entry.segments
    .filter((s) => s.start + Math.max(0, s.duration) >= range.from && s.start <= range.to)
    .map((s) => ({ start: Math.max(0, s.start), text: s.text }));
  return { ...base, cues, text: cues.length > 0 ? '' : entry.text, error: null };
}
