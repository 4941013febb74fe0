import { isServiceError, ServiceError } from '../../utils/api/errors';
import type { AnalysisMode, Job } from '../../utils/api/schemas';
import { isPending, type JobRecord, jobStore } from '../../utils/jobs-store';
import type { AnalysisState, Estimate, JobView } from '../../utils/views';
import { accountStore } from './account-store';
import type { Core } from './core';
import { estimate } from './estimate';
import { transcriptDuration } from './transcripts';

export type StartRequest = {
  videoId: string;
  mode: AnalysisMode;
  partial: boolean;
  confirmed: boolean;
  durationSeconds?: number;
  title?: string;
  /** Started where no panel will show the result (context menu): notify when it ends. */
  notify?: boolean;
};

export async function estimateFor(
  core: Core,
  videoId: string,
  mode: AnalysisMode,
  partial: boolean,
  durationSeconds?: number,
): Promise<Estimate> {
  const [account, settings, job, fromTranscript] = await Promise.all([
    accountStore.get(),
    core.connection().then((c) => c.settings),
    jobStore.get(videoId),
    durationSeconds === undefined ? transcriptDuration(core, videoId) : Promise.resolve(null),
  ]);
  return estimate({
    mode,
    partial,
    durationSeconds: durationSeconds ?? fromTranscript,
    account,
    guard: settings.spendingGuard,
    job,
  });
}

export type Tracker = { track: (record: JobRecord, job: Job | null) => Promise<void> };

/**
 * Starts (or re-joins) an analysis. Refuses without consent and when the known balance cannot cover the
 * known cost, so nothing is sent that the person did not agree to or that would surely be refused.
 */
export async function startAnalysis(core: Core, tracker: Tracker, req: StartRequest): Promise<JobView> {
  if (!req.confirmed) throw new ServiceError(0, 'consent_required', 'Confirm the cost before starting an analysis.');
  const cost = await estimateFor(core, req.videoId, req.mode, req.partial, req.durationSeconds);
  if (!cost.modeAllowed) throw new ServiceError(403, 'plan_required', 'Deep analysis needs the Pro or Team plan.');
  if (cost.exceedsBalance) throw new ServiceError(402, 'insufficient_ai_units', 'Not enough AI Units.');
  return core.inflight.join(`watch:${req.videoId}`, async () => {
    let response: Job;
    try {
      response = await core.rest('watchStart', 'interactive', (client) =>
        client.startAnalysis({ id: req.videoId, mode: req.mode, ...(req.partial && { partial: true }) }),
      );
    } catch (error) {
      if (isServiceError(error) && error.status === 422 && typeof error.details.maxMinutes === 'number') {
        await accountStore.update({ maxMinutes: error.details.maxMinutes });
      }
      throw error;
    }
    const now = Date.now();
    const record: JobRecord = {
      videoId: req.videoId,
      jobId: response.jobId,
      mode: req.mode,
      partial: req.partial,
      status: response.status,
      startedAt: now,
      lastPolledAt: null,
      nextPollAt: isPending(response) ? now + 10_000 : null,
      endedAt: isPending(response) ? null : now,
      polls: 0,
      title: req.title ?? null,
      notify: req.notify ?? false,
      error: null,
    };
    await tracker.track(record, response);
    return toJobView(record);
  });
}

/** The job of a video and, when ready, its artifact: from the cache, else one free GET of the job. */
export async function analysisState(core: Core, videoId: string): Promise<AnalysisState> {
  const record = await jobStore.get(videoId);
  if (!record) return { job: null, artifact: null };
  if (record.status !== 'ready') return { job: toJobView(record), artifact: null };
  const cache = await core.cache();
  const cached = await cache.get<CachedAnalysis>('analysis', videoId);
  if (cached && cached.value.jobId === record.jobId) return { job: toJobView(record), artifact: cached.value.artifact };
  const job = await core.inflight.join(`job:${record.jobId}`, () =>
    core.rest('poll', 'interactive', (client) => client.getJob(record.jobId)),
  );
  if (job.artifact !== undefined) await cache.put('analysis', videoId, { jobId: record.jobId, artifact: job.artifact });
  return { job: toJobView(record), artifact: job.artifact ?? null };
}

export type CachedAnalysis = { jobId: number; artifact: unknown };

export function toJobView(record: JobRecord): JobView {
  const { polls: _polls, notify: _notify, ...view } = record;
  return view;
}
