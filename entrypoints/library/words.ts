import { megabytes } from '../../components/page/format';
import { currentLocale, t } from '../../utils/i18n/catalogue';
import type { MessageKey } from '../../utils/i18n/keys';
import type { LibraryItem } from '../../utils/library/replies';
import { formatTime } from '../../utils/timecode';

/** The sentences and labels of the library page, in one place, from the catalogue (`library.*`). */

const MODE_KEY = {
  quick: 'common.mode.quick',
  smart: 'common.mode.smart',
  deep: 'common.mode.deep',
  auto: 'common.mode.auto',
} as const satisfies Record<string, MessageKey>;
type Mode = keyof typeof MODE_KEY;
const modeName = (mode: Mode) => t(MODE_KEY[mode]);

/** "a, b, c" as the interface language writes a list of amounts. */
export const listText = (parts: readonly string[]): string =>
  new Intl.ListFormat(currentLocale(), { type: 'unit', style: 'long' }).format(parts);

export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? t('library.size.kb', { n: Math.max(1, Math.round(bytes / 1024)) })
    : t('library.size.mb', { n: Number(megabytes(bytes)) });
}

/** The day it was saved as YYYY-MM-DD: the same in every language, and sorts as it reads. */
export function savedText(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString().slice(0, 10) : '';
}

export function trackText(item: LibraryItem): string | null {
  if (!item.language) return null;
  if (item.isGenerated === null) return item.language;
  return t(item.isGenerated ? 'library.track.auto' : 'library.track.human', { language: item.language });
}

/** "Transcript 12:30", "Analysis (Smart)", "2 questions", "Notes (3)". */
export function holdingsText(item: LibraryItem): string[] {
  const out: string[] = [];
  if (item.transcript) {
    const seconds = item.transcript.durationSeconds;
    out.push(
      seconds ? t('library.holds.transcriptLength', { length: formatTime(seconds) }) : t('library.holds.transcript'),
    );
  }
  if (item.analysis) {
    const mode = item.analysis.mode ? modeName(item.analysis.mode) : t('library.holds.modeUnknown');
    out.push(t('library.holds.analysis', { mode }));
  }
  if (item.questions) out.push(t('library.holds.questions', { n: item.questions.count }));
  if (item.notes) out.push(t('library.holds.notes', { n: item.notes }));
  return out;
}

/** Whether anything of the video is held to remove (a video listed for its notes alone has none: notes stay). */
export const holdsAnything = (item: LibraryItem): boolean =>
  item.transcript !== null || item.analysis !== null || item.questions !== null;

/** What removing the video gives up, priced as buying it again would be. */
export function rebuyText(item: LibraryItem): string {
  const parts: string[] = [];
  if (item.transcript) parts.push(t('library.rebuy.transcript', { n: item.transcript.tracks }));
  if (item.analysis) {
    const { mode, aiUnits } = item.analysis;
    if (aiUnits !== null)
      parts.push(
        mode
          ? t('library.rebuy.analysisMode', { n: aiUnits, mode: modeName(mode) })
          : t('library.rebuy.analysis', { n: aiUnits }),
      );
    else
      parts.push(
        mode ? t('library.rebuy.analysisModeUnknown', { mode: modeName(mode) }) : t('library.rebuy.analysisUnknown'),
      );
  }
  if (item.questions) parts.push(t('library.rebuy.questions', { n: item.questions.count }));
  return parts.length ? t('library.rebuy.costs', { parts: listText(parts) }) : t('library.rebuy.nothing');
}
