import type { Cache, CacheKind } from '../../../utils/cache';
import { type JobRecord, jobStore } from '../../../utils/jobs-store';
import type { FileVideo, LibraryFile } from '../../../utils/library/file';
import type { LibraryImported } from '../../../utils/library/views';
import type { AnswerEntry } from '../../../utils/views';
import type { CachedAnalysis } from '../analysis';
import { Refusal } from '../replies';
import type { SavedTranscript } from '../transcripts';

type Write = { kind: CacheKind; key: string; value: unknown };

const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

function transcriptWrites(v: FileVideo): Write[] {
  return v.transcripts.map((t) => {
    const value: SavedTranscript = { status: 'ok', videoId: v.videoId, ...t };
    return { kind: 'transcript', key: `${v.videoId}:${t.languageCode}`, value };
  });
}

function jobOf(account: string, v: FileVideo, a: NonNullable<FileVideo['analysis']>): JobRecord {
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
  };
}

/**
 * Writes a validated library file, all or nothing: every cache entry in one transaction, then the job
 * records in one write; if that second write fails, the entries are put back as they were. Analyses and
 * answers are filed under the current account. A job already running here is never replaced.
 */
export async function importFile(cache: Cache, account: string, file: LibraryFile): Promise<LibraryImported> {
  const writes: Write[] = [];
  const jobs: JobRecord[] = [];
  let analyses = 0;
  let answers = 0;
  for (const v of file.videos) {
    writes.push(...transcriptWrites(v));
    const current = await jobStore.get(account, v.videoId);
    const busy = current !== null && (current.status === 'queued' || current.status === 'processing');
    if (v.analysis && !busy) {
      const analysis: CachedAnalysis = { jobId: v.analysis.jobId, artifact: v.analysis.artifact };
      writes.push({ kind: 'analysis', key: `${account}:${v.videoId}`, value: analysis });
      jobs.push(jobOf(account, v, v.analysis));
      analyses++;
      if (v.answers.length > 0) {
        const key = `${account}:${v.analysis.jobId}`;
        const held = (await cache.peek<AnswerEntry[]>('answers', key))?.value ?? [];
        const known = new Set(held.map((e) => fold(e.question)));
        const added = v.answers.filter((a) => !known.has(fold(a.question)));
        writes.push({ kind: 'answers', key, value: [...held, ...added].slice(-200) });
        answers += v.answers.length;
      }
    }
  }
  const before = await Promise.all(
    writes.map(async (w) => ({ ...w, value: (await cache.peek(w.kind, w.key))?.value })),
  );
  try {
    await cache.putAll(writes);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new Refusal(
        'too_large',
        'The transcripts in this file do not fit in the cache: raise the cache size in the options, then import again. Nothing was imported.',
      );
    }
    throw new Refusal('storage', 'Browser storage refused the import (it may be full). Nothing was imported.');
  }
  try {
    await jobStore.putAll(jobs);
  } catch {
    await cache.deleteAll(before.filter((b) => b.value === undefined));
    await cache.putAll(before.filter((b) => b.value !== undefined)).catch(() => undefined);
    throw new Refusal('storage', 'Browser storage refused the import (it may be full). Nothing was imported.');
  }
  const transcripts = file.videos.reduce((n, v) => n + v.transcripts.length, 0);
  return { videos: file.videos.length, transcripts, analyses, answers };
}
