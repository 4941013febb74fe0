import { t } from '../../utils/i18n/catalogue';
import { formatCount } from '../../utils/i18n/format';
import type { ImportCounts, ImportSummary } from '../../utils/library/replies';
import { MAX_ITEMS_PER_VIDEO } from '../../utils/notes/limits';
import { listText } from './words';

/** The sentences of an import: what it adds, what it keeps, what it leaves out, what it did (`library.*`). */

const parts = (c: ImportCounts, kept = false) =>
  [
    c.transcripts > 0 && t('library.count.transcripts', { n: c.transcripts }),
    c.analyses > 0 && t(kept ? 'library.count.analysesKept' : 'library.count.analyses', { n: c.analyses }),
    c.answers > 0 && t('library.count.answers', { n: c.answers }),
    (c.notes ?? 0) > 0 && t('library.count.notes', { n: c.notes ?? 0 }),
  ].filter((p): p is string => typeof p === 'string');

const adding = (s: ImportSummary) => s.adds.transcripts + s.adds.analyses + s.adds.answers + (s.adds.notes ?? 0);

export const addsNothing = (s: ImportSummary): boolean => adding(s) === 0;

/** "Adds 3 transcripts, 1 analysis, 4 answers." */
export function addsText(s: ImportSummary): string {
  if (addsNothing(s)) return t('library.import.addsNothing');
  return t('library.import.adds', { list: listText(parts(s.adds)) });
}

/** "Keeps what you already have: 2 transcripts, 1 analysis (not replaced), 1 answer." */
export function keepsText(s: ImportSummary): string | null {
  const kept = parts(s.keeps, true);
  return kept.length ? t('library.import.keeps', { list: listText(kept) }) : null;
}

export function leavesOutText(s: ImportSummary): string | null {
  if (s.leavesOut === 0) return null;
  return t('library.import.leavesOut', { n: s.leavesOut });
}

/** Notes whose id is held for another video, or past a video's limit: said, never silently dropped. */
export function notesLeftOutText(s: ImportSummary): string | null {
  const n = s.notesLeftOut ?? 0;
  if (n === 0) return null;
  return t('library.import.notesLeftOut', {
    list: t('library.count.notes', { n }),
    max: formatCount(MAX_ITEMS_PER_VIDEO),
  });
}

/** Said when the file brings analyses: they are read here, but asking needs one of the account's own. */
export const importedAnalysisNote = (): string => t('library.import.analysisNote');

/** "Imported 2 videos: 2 transcripts, 1 analysis, 1 answer." and what was kept. */
export function importedText(s: ImportSummary): string {
  const { transcripts, analyses, answers } = s.adds;
  const done = t('library.import.done', { videos: s.videos, transcripts, analyses, answers });
  const kept = parts(s.keeps);
  const notes = s.adds.notes
    ? ` ${t('library.import.notesDone', { list: t('library.count.notes', { n: s.adds.notes }) })}`
    : '';
  return kept.length ? `${done}${notes} ${t('library.import.kept', { list: listText(kept) })}` : `${done}${notes}`;
}
