import { megabytes, plural } from '../../components/page/format';
import { MODE_LABEL } from '../../utils/labels';
import type { LibraryItem } from '../../utils/library-replies';
import { formatTime } from '../../utils/timecode';

/** The sentences and labels of the library page, in one place. */

export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${megabytes(bytes)} MB`;
}

export function savedText(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString().slice(0, 10) : '';
}

export function trackText(item: LibraryItem): string | null {
  if (!item.language) return null;
  const kind = item.isGenerated === null ? '' : item.isGenerated ? ', automatic captions' : ', human captions';
  return `${item.language}${kind}`;
}

/** "Transcript 12:30", "Analysis (Smart)", "2 questions". */
export function holdingsText(item: LibraryItem): string[] {
  const out: string[] = [];
  if (item.transcript) {
    const length = item.transcript.durationSeconds ? ` ${formatTime(item.transcript.durationSeconds)}` : '';
    out.push(`Transcript${length}`);
  }
  if (item.analysis) out.push(`Analysis (${item.analysis.mode ? MODE_LABEL[item.analysis.mode] : 'mode unknown'})`);
  if (item.questions) out.push(plural(item.questions.count, 'question'));
  return out;
}

/** What removing the video gives up, priced as buying it again would be. */
export function rebuyText(item: LibraryItem): string {
  const parts: string[] = [];
  if (item.transcript) parts.push(`${plural(item.transcript.tracks, 'Cloud Request')} for the transcript`);
  if (item.analysis) {
    const mode = item.analysis.mode ? `${MODE_LABEL[item.analysis.mode]} ` : '';
    parts.push(
      item.analysis.aiUnits !== null
        ? `up to ${plural(item.analysis.aiUnits, 'AI Unit')} for the ${mode}analysis`
        : `the AI Units of the ${mode}analysis (its length is not known here)`,
    );
  }
  if (item.questions)
    parts.push(`${plural(item.questions.count, 'AI Unit')} to ask ${plural(item.questions.count, 'question')} again`);
  return parts.length ? `Getting it back costs ${parts.join(', ')}.` : 'Nothing paid is held for it.';
}
