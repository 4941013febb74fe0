import { plural } from '../../components/page/format';
import type { ImportCounts, ImportSummary } from '../../utils/library-replies';

/** The sentences of an import: what it adds, what it keeps, what it leaves out, what it did. */

const parts = (c: ImportCounts, analysisNote = '') =>
  [
    c.transcripts > 0 && plural(c.transcripts, 'transcript'),
    c.analyses > 0 && `${plural(c.analyses, 'analysis', 'analyses')}${analysisNote}`,
    c.answers > 0 && plural(c.answers, 'answer'),
  ].filter((p): p is string => typeof p === 'string');

const adding = (s: ImportSummary) => s.adds.transcripts + s.adds.analyses + s.adds.answers;

export const addsNothing = (s: ImportSummary): boolean => adding(s) === 0;

/** "Adds 3 transcripts, 1 analysis, 4 answers." */
export function addsText(s: ImportSummary): string {
  if (addsNothing(s)) return 'Adds nothing: everything in this file is already here.';
  return `Adds ${parts(s.adds).join(', ')}.`;
}

/** "Keeps what you already have: 2 transcripts, 1 analysis (not replaced), 1 answer." */
export function keepsText(s: ImportSummary): string | null {
  const kept = parts(s.keeps, ' (not replaced)');
  return kept.length ? `Keeps what you already have: ${kept.join(', ')}.` : null;
}

export function leavesOutText(s: ImportSummary): string | null {
  if (s.leavesOut === 0) return null;
  return `Leaves out ${plural(s.leavesOut, 'answer')}: there is no finished analysis of their video here to keep them with (one may be running), or it already keeps 200.`;
}

/** Said when the file brings analyses: they are read here, but asking needs one of the account's own. */
export const IMPORTED_ANALYSIS_NOTE =
  'An imported analysis can be read and searched here; to ask it questions, analyze the video with your own account (its cost is shown first).';

/** "Imported 2 videos: 2 transcripts, 1 analysis, 1 answer." and what was kept. */
export function importedText(s: ImportSummary): string {
  const { transcripts, analyses, answers } = s.adds;
  const done = `Imported ${plural(s.videos, 'video')}: ${plural(transcripts, 'transcript')}, ${plural(analyses, 'analysis', 'analyses')}, ${plural(answers, 'answer')}.`;
  const kept = parts(s.keeps);
  return kept.length ? `${done} Kept what was already here: ${kept.join(', ')}.` : done;
}
