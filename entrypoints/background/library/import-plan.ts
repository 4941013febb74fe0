import type { Cache, PutItem } from '../../../utils/cache';
import { answersKeyOf, type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { FileVideo, LibraryFile } from '../../../utils/library/file';
import type { ImportCounts, ImportSummary } from '../../../utils/library/replies';
import type { AnswerEntry } from '../../../utils/panel/replies';
import type { CachedAnalysis } from '../panel/analysis';
import { mergeAnswers } from '../panel/answers';
import type { SavedTranscript } from '../saved/transcripts';

export type ImportPlan = { writes: PutItem[]; jobs: JobRecord[]; summary: ImportSummary };

const none = (): ImportCounts => ({ transcripts: 0, analyses: 0, answers: 0 });

/** Written only where nothing is held when the write happens: a track or analysis bought meanwhile stays. */
const ifNothingHeld =
  (value: unknown) =>
  (held: unknown): unknown =>
    held === undefined ? value : undefined;

/** The file's answers joined to those held when the write happens (one bought meanwhile among them). */
const joinedTo =
  (incoming: readonly AnswerEntry[]) =>
  (held: unknown): unknown => {
    // Something unreadable held there is left as it is, not written over.
    if (held !== undefined && !Array.isArray(held)) return undefined;
    const { merged, added } = mergeAnswers((held as AnswerEntry[] | undefined) ?? [], incoming);
    return added > 0 ? merged : undefined;
  };

/** The file's analysis as a job record marked imported: its id is where it came from, never a job to poll or ask. */
function importedJob(account: string, v: FileVideo, a: NonNullable<FileVideo['analysis']>): JobRecord {
  return {
    account,
    videoId: v.videoId,
    jobId: a.jobId,
    mode: a.mode,
    partial: a.partial,
    lang: a.lang,
    status: 'ready',
    serviceStatus: null,
    startedAt: a.startedAt,
    lastPolledAt: null,
    nextPollAt: null,
    endedAt: a.endedAt ?? a.startedAt,
    polls: 0,
    title: v.title,
    notify: false,
    error: null,
    source: 'import',
  };
}

/**
 * What importing the file would write, and what it keeps: only what is not held here is added. A saved track
 * stays as it is; an analysis held, running or waiting to be looked at again is never replaced (a failed one,
 * which holds nothing, may be); the file's answers join the answers of the analysis the video keeps, never
 * replacing one. Reads only: the preview and the write share it, so what was shown is what is written. Each write
 * decides again from what is held as it happens (the cache's `putAll`, the job store's `addImported`), so anything
 * bought between this reading and the write is kept too.
 */
export async function planImport(cache: Cache, account: string, file: LibraryFile): Promise<ImportPlan> {
  const writes: PutItem[] = [];
  const jobs: JobRecord[] = [];
  const adds = none();
  const keeps = none();
  let leavesOut = 0;
  const tracks = new Set(await cache.keys('transcript'));
  const analyses = new Set(await cache.keys('analysis'));
  const held = new Map((await jobStore.all(account)).map((j) => [j.videoId, j]));
  for (const v of file.videos) {
    for (const t of v.transcripts) {
      const key = `${v.videoId}:${t.languageCode}`;
      if (tracks.has(key)) {
        keeps.transcripts++;
        continue;
      }
      tracks.add(key);
      const value: SavedTranscript = { status: 'ok', videoId: v.videoId, ...t, source: 'import' };
      writes.push({ kind: 'transcript', key, from: ifNothingHeld(value) });
      adds.transcripts++;
    }
    const record = held.get(v.videoId) ?? null;
    const hasAnalysis = analyses.has(`${account}:${v.videoId}`);
    // An imported record without its analysis: an import stopped between its two writes. It holds nothing
    // (nothing was bought here): the file's analysis is written again under the same record.
    const job = record?.source === 'import' && !hasAnalysis ? null : record;
    const holds = (job !== null && job.status !== 'failed') || hasAnalysis;
    // The analysis whose answers the file's answers join: the one kept here when it is ready, else the file's.
    let target: JobRecord | null = holds && job?.status === 'ready' ? job : null;
    if (v.analysis && holds) keeps.analyses++;
    else if (v.analysis) {
      target = importedJob(account, v, v.analysis);
      const analysis: CachedAnalysis = { jobId: v.analysis.jobId, artifact: v.analysis.artifact };
      writes.push({ kind: 'analysis', key: `${account}:${v.videoId}`, from: ifNothingHeld(analysis) });
      jobs.push(target);
      adds.analyses++;
    }
    if (v.answers.length === 0) continue;
    if (!target) {
      leavesOut += v.answers.length;
      continue;
    }
    const key = answersKeyOf(target);
    const answers = (await cache.peek<AnswerEntry[]>('answers', key))?.value ?? [];
    // Something unreadable is held there: it is left as it is, not written over.
    if (!Array.isArray(answers)) {
      leavesOut += v.answers.length;
      continue;
    }
    const merged = mergeAnswers(answers, v.answers);
    if (merged.added > 0) writes.push({ kind: 'answers', key, from: joinedTo(v.answers) });
    adds.answers += merged.added;
    keeps.answers += merged.duplicates;
    leavesOut += merged.overflow;
  }
  return { writes, jobs, summary: { videos: file.videos.length, adds, keeps, leavesOut } };
}
