import type { AnalysisMode } from './request-schemas';
import type { JobStatus } from './response-schemas';

export type JobRecord = {
  jobId: number;
  token: string;
  videoId: string;
  /** The mode actually run (auto resolved). */
  mode: Exclude<AnalysisMode, 'auto'>;
  requestedMode: AnalysisMode;
  lang: string;
  durationSeconds: number;
  analyzedSeconds: number;
  partial: boolean;
  createdAt: number;
  durationMs: number;
  failure?: { errorCode: string; retryable: boolean };
};

export type JobStore = { byId: Map<number, JobRecord>; latest: Map<string, number>; nextId: number };

export function createJobStore(): JobStore {
  return { byId: new Map(), latest: new Map(), nextId: 1001 };
}

/** Jobs advance with the clock: queued for the first third of their duration, then processing, then done. */
export function jobStatus(job: JobRecord, now: number): JobStatus {
  const elapsed = now - job.createdAt;
  if (elapsed >= job.durationMs) return job.failure ? 'failed' : 'ready';
  return elapsed >= job.durationMs / 3 ? 'processing' : 'queued';
}

/** The job of this video on this account that a new start would reuse (any state but failed). */
export function reusableJob(store: JobStore, token: string, videoId: string, now: number): JobRecord | undefined {
  const id = store.latest.get(`${token}:${videoId}`);
  const job = id === undefined ? undefined : store.byId.get(id);
  return job && jobStatus(job, now) !== 'failed' ? job : undefined;
}

export function addJob(store: JobStore, job: Omit<JobRecord, 'jobId'>): JobRecord {
  const record: JobRecord = { ...job, jobId: store.nextId++ };
  store.byId.set(record.jobId, record);
  store.latest.set(`${job.token}:${job.videoId}`, record.jobId);
  return record;
}

/** A job visible to this account; other accounts' jobs do not exist for it. */
export function findJob(store: JobStore, token: string, rawId: string): JobRecord | undefined {
  if (!/^\d{1,12}$/.test(rawId)) return undefined;
  const job = store.byId.get(Number(rawId));
  return job?.token === token ? job : undefined;
}

export const FAILURE_MESSAGES: Record<string, string> = {
  internal: 'The analysis failed because of an internal error. Starting it again may work.',
  fetch_failed: 'The video could not be fetched for analysis. Starting it again may work.',
  video_unavailable: 'The video became unavailable during analysis.',
};
