import { type Account, aiRemaining } from './accounts';
import { buildArtifact } from './artifact';
import { chargeAi, startedMinutes } from './billing';
import { findVideo, type Video } from './catalog';
import { MESSAGES, type Refusal, refuse } from './errors';
import { addJob, FAILURE_MESSAGES, type JobRecord, jobStatus, reusableJob } from './jobs';
import { PLANS } from './plans';
import { PRICES } from './prices';
import type { AnalysisMode } from './request-schemas';
import type { JobBody } from './response-schemas';
import type { ServiceState } from './state';
import { videoIdOf } from './video-id';

export type StartRequest = {
  id: string;
  mode?: AnalysisMode | undefined;
  lang?: string | undefined;
  partial?: boolean | undefined;
};
export type Started = { status: 200 | 202; job: JobRecord };

const REFUSED: Record<string, string> = {
  video_unavailable: 'The video is not public: it cannot be analysed.',
  age_restricted: 'The video is age-restricted: it cannot be analysed.',
  video_unplayable: 'The video cannot be played: it cannot be analysed.',
};

/** auto: quick for long or visually slow videos, smart otherwise. It never picks deep (10× the price). */
function resolveMode(mode: AnalysisMode, video: Video): JobRecord['mode'] {
  if (mode !== 'auto') return mode;
  return video.durationSeconds > 3600 || video.visualPace <= 2 ? 'quick' : 'smart';
}

export function analysisCost(mode: JobRecord['mode'], seconds: number): number {
  return PRICES.analysisAiUnitsPerMinute[mode === 'deep' ? 'deep' : 'standard'] * startedMinutes(seconds);
}

/** Starts an analysis, returns the account's existing one for the video, or refuses without charging. */
export function startAnalysis(
  state: ServiceState,
  account: Account,
  request: StartRequest,
  reason: string,
): Started | Refusal {
  const videoId = videoIdOf(request.id);
  if (!videoId) return refuse(400, 'bad_request', 'id is not a video id or video URL.');
  const now = state.now();
  const existing = reusableJob(state.jobs, account.token, videoId, now);
  if (existing) return { status: jobStatus(existing, now) === 'ready' ? 200 : 202, job: existing };
  if (state.unavailable)
    return refuse(503, 'service_unavailable', 'The analysis service is unavailable. Try again later.');
  const limits = PLANS[account.plan];
  const requested = request.mode ?? 'smart';
  if (requested === 'deep' && !limits.deepMode) return refuse(403, 'plan_required', MESSAGES.deepPlan);
  const video = findVideo(videoId);
  const refusal = video.problem && REFUSED[video.problem];
  if (video.problem && refusal) return refuse(422, video.problem, refusal);
  const maxSeconds = limits.maxAnalysisMinutes * 60;
  const tooLong = video.durationSeconds > maxSeconds;
  if (tooLong && request.partial !== true) {
    return refuse(
      422,
      'video_too_long',
      `The video is longer than your ${limits.name} plan analyses (${limits.maxAnalysisMinutes} minutes). Send partial: true to analyse the first ${limits.maxAnalysisMinutes} minutes.`,
      { maxMinutes: limits.maxAnalysisMinutes },
    );
  }
  const mode = resolveMode(requested, video);
  const analyzedSeconds = tooLong ? maxSeconds : video.durationSeconds;
  const cost = analysisCost(mode, analyzedSeconds);
  if (cost > aiRemaining(account)) {
    return refuse(402, 'insufficient_ai_units', MESSAGES.noAi, { required: cost, available: aiRemaining(account) });
  }
  const failure = state.jobConfig.failNext;
  delete state.jobConfig.failNext;
  const job = addJob(state.jobs, {
    token: account.token,
    videoId,
    mode,
    requestedMode: requested,
    lang: request.lang ?? 'en',
    durationSeconds: video.durationSeconds,
    analyzedSeconds,
    partial: tooLong,
    createdAt: now,
    durationMs: state.jobConfig.durationMs,
    ...(failure ? { failure } : {}),
  });
  chargeAi(state, account, cost, reason, videoId);
  return { status: 202, job };
}

/** The job JSON; an overridden artifact may have any shape. */
export type JobJson = Omit<JobBody, 'artifact'> & { artifact?: unknown };

/** The canonical job JSON (see README): artifact only when ready, failure fields only when failed. */
export function jobBody(state: ServiceState, job: JobRecord): JobJson {
  const status = jobStatus(job, state.now());
  const body: JobJson = {
    jobId: job.jobId,
    status,
    videoId: job.videoId,
    mode: job.mode,
    durationSeconds: job.durationSeconds,
    analyzedSeconds: job.analyzedSeconds,
    partial: job.partial,
    createdAt: new Date(job.createdAt).toISOString(),
  };
  if (status === 'ready') {
    const override = state.overrides.get(job.videoId);
    body.artifact = override && 'artifact' in override ? override.artifact : buildArtifact(findVideo(job.videoId), job);
  }
  if (status === 'failed' && job.failure) {
    body.error = FAILURE_MESSAGES[job.failure.errorCode] ?? `The analysis failed (${job.failure.errorCode}).`;
    body.errorCode = job.failure.errorCode;
    body.retryable = job.failure.retryable;
  }
  return body;
}
