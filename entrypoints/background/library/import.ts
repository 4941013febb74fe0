import type { Cache } from '../../../utils/cache';
import { t } from '../../../utils/i18n/catalogue';
import { answersKeyOf, jobStore } from '../../../utils/jobs/store';
import type { LibraryFile } from '../../../utils/library/file';
import type { ImportSummary } from '../../../utils/library/replies';
import { Refusal } from '../core/replies';
import type { MergePlan } from '../notes/merge';
import { planImport } from './import-plan';

/** What importing the file would add and keep; nothing is written. */
export async function previewImport(cache: Cache, account: string, file: LibraryFile): Promise<ImportSummary> {
  return (await planImport(cache, account, file)).summary;
}

/**
 * Writes what a validated library file adds, all or nothing: the job records in one write, then every cache
 * entry in one transaction; if that second write fails, the records are taken back. The plan is made again
 * here (not taken from the preview), and each write decides again from what is held as it happens, so what
 * was bought meanwhile is kept: a video whose job started meanwhile gets neither the file's job nor its analysis.
 */
export async function importFile(cache: Cache, account: string, file: LibraryFile): Promise<ImportSummary> {
  const { writes, jobs, summary } = await planImport(cache, account, file);
  let added: typeof jobs;
  try {
    added = await jobStore.addImported(jobs);
  } catch {
    throw new Refusal('storage', t('background.library.storageRefused'));
  }
  // A video whose job started meanwhile keeps it: the file's analysis and the answers filed with it stay out.
  const adopted = new Set(added.map((j) => j.videoId));
  const refused = jobs.filter((j) => !adopted.has(j.videoId));
  const left = new Set(refused.flatMap((j) => [`analysis\n${account}:${j.videoId}`, `answers\n${answersKeyOf(j)}`]));
  try {
    await cache.putAll(writes.filter((w) => !left.has(`${w.kind}\n${w.key}`)));
  } catch (error) {
    await jobStore.removeImported(added).catch(() => undefined);
    if (error instanceof RangeError) {
      throw new Refusal('too_large', t('background.library.tooLarge'));
    }
    throw new Refusal('storage', t('background.library.storageRefused'));
  }
  return { ...summary, adds: { ...summary.adds, analyses: added.length } };
}

/** The summary with the notes and highlights a merge adds (new, or a newer edit), keeps and leaves out. */
export function withNotesMerged(summary: ImportSummary, merged: MergePlan): ImportSummary {
  // A file without notes (one written before them) is summed up as it always was.
  if (merged.adds + merged.keeps + merged.leavesOut === 0) return summary;
  return {
    ...summary,
    adds: { ...summary.adds, notes: merged.adds },
    keeps: { ...summary.keeps, notes: merged.keeps },
    notesLeftOut: merged.leavesOut,
  };
}
