import type { Cache, CacheEntry, ListedEntry } from '../../../utils/cache';
import { answersKeyOf, type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { AnswerEntry } from '../../../utils/panel/replies';
import { isVideoId } from '../../../utils/video-id';
import type { CachedAnalysis } from '../panel/analysis';
import type { SavedTranscript } from '../saved/transcripts';

/**
 * What the extension holds for each video, for one account, read from the cache's index (keys and sizes,
 * never values) and the job records: transcripts `videoId:lang` (everyone's), the account's analysis
 * `account:videoId` and answers `account:jobId` (an imported analysis's: `account:import:videoId`).
 */
export type Holding = {
  videoId: string;
  transcripts: ListedEntry[];
  analysis: ListedEntry | null;
  answers: ListedEntry | null;
  job: JobRecord | null;
};

export function holdingsOf(listed: readonly ListedEntry[], account: string, jobs: readonly JobRecord[]) {
  const byVideo = new Map<string, Holding>();
  const holding = (videoId: string): Holding => {
    let h = byVideo.get(videoId);
    if (!h) {
      h = { videoId, transcripts: [], analysis: null, answers: null, job: null };
      byVideo.set(videoId, h);
    }
    return h;
  };
  const jobVideo = new Map(jobs.map((j) => [answersKeyOf(j), j]));
  const mine = (key: string) => account !== '' && key.startsWith(`${account}:`);
  for (const entry of listed) {
    if (entry.kind === 'transcript') {
      const videoId = entry.key.slice(0, 11);
      if (isVideoId(videoId) && entry.key[11] === ':') holding(videoId).transcripts.push(entry);
    } else if (entry.kind === 'analysis' && mine(entry.key)) {
      const videoId = entry.key.slice(account.length + 1);
      if (isVideoId(videoId)) holding(videoId).analysis = entry;
    } else if (entry.kind === 'answers' && mine(entry.key)) {
      const job = jobVideo.get(entry.key);
      if (job) holding(job.videoId).answers = entry;
    }
  }
  for (const job of jobs) {
    const h = byVideo.get(job.videoId);
    if (h) h.job = job;
  }
  return byVideo;
}

/** What the account holds now, per video: the cache's index and the account's job records, read afresh. */
export async function readHoldings(cache: Cache, account: string): Promise<Map<string, Holding>> {
  const [listed, jobs] = await Promise.all([cache.list(), jobStore.all(account)]);
  return holdingsOf(listed, account, jobs);
}

/** Changes whenever anything the library shows of the video changes (never on a mere read). */
export function signatureOf(h: Holding, account: string): string {
  const parts = [...h.transcripts, h.analysis, h.answers]
    .filter((e): e is ListedEntry => e !== null)
    .map((e) => `${e.kind}:${e.key}:${e.bytes}`)
    .sort();
  const job = h.job ? `${h.job.jobId}:${h.job.mode}:${h.job.partial}:${h.job.status}` : '';
  return [account, job, ...parts].join('|');
}

export type Sources = {
  holding: Holding;
  transcripts: { value: SavedTranscript; storedAt: number; bytes: number }[];
  analysis: { value: CachedAnalysis; storedAt: number; bytes: number } | null;
  answers: { value: AnswerEntry[]; storedAt: number; bytes: number } | null;
};

/** The values behind a holding, read without marking them used. */
export async function readSources(cache: Cache, h: Holding): Promise<Sources> {
  const transcripts: Sources['transcripts'] = [];
  for (const t of h.transcripts) {
    const hit = await cache.peek<SavedTranscript>('transcript', t.key);
    if (hit && Array.isArray(hit.value?.segments)) transcripts.push(hit);
  }
  const analysis = h.analysis ? await cache.peek<CachedAnalysis>('analysis', h.analysis.key) : null;
  const answers = h.answers ? await cache.peek<AnswerEntry[]>('answers', h.answers.key) : null;
  return sourcesOf(h, transcripts, analysis, answers);
}

/**
 * A holding's sources from its entries as read (by `readSources`, or the export's one transaction a part): answers
 * count only when their value is a list.
 */
export function sourcesOf(
  holding: Holding,
  transcripts: Sources['transcripts'],
  analysis: CacheEntry<unknown> | null,
  answers: CacheEntry<unknown> | null,
): Sources {
  return {
    holding,
    transcripts,
    analysis: analysis as Sources['analysis'],
    answers: answers && Array.isArray(answers.value) ? (answers as Sources['answers']) : null,
  };
}
