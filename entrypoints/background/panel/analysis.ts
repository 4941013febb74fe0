import { isServiceError, ServiceError } from '../../../utils/api/errors';
import type { AnalysisMode, Job } from '../../../utils/api/schemas';
import { t } from '../../../utils/i18n/catalogue';
import { isPending } from '../../../utils/jobs/pending';
import { POLL_INTERVAL_MS, reported } from '../../../utils/jobs/poller';
import { isFollowable, isImported, type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { AnalysisState, Estimate, JobReply } from '../../../utils/panel/replies';
import type { SpendPath } from '../../../utils/till/journal';
import { analysisPrice } from '../../../utils/till/price';
import { freshAccount, SHORT_OF_BALANCE_FRESH_MS } from '../account/account';
import { type AccountRecord, accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import { storageProblem } from '../core/keeper';
import { savedLanguage, transcriptDuration } from '../saved/transcripts';
import type { Till } from '../till';
import { analysisLength } from './analysis-length';
import { adoptImportedAnswers } from './answers';
import { estimate } from './estimate';
import { videoLengths } from './video-lengths';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'rest' | 'setPlan'> & {
  till: Till;
};

export type StartRequest = {
  videoId: string;
  mode: AnalysisMode;
  partial: boolean;
  /** The person confirmed above the spending guard (the panel's dialog, the confirmation window). */
  guardConfirmed: boolean;
  durationSeconds?: number;
  title?: string;
  /** Started where no panel will show the result (context menu): notify when it ends. */
  notify?: boolean;
  /** Where the person agreed to it, for the till's journal. */
  path?: SpendPath;
};

/**
 * The cost of an analysis. The length comes from the page: what the main player reported (never during an
 * ad), now or earlier in this session. A transcript's last cue only ever raises it: captions may stop long
 * before the video does, so without the page's length the length is unknown and the worst case is shown. The
 * page's length is a price only when a saved track ends where it says (./analysis-length.ts); otherwise it is
 * shown as an estimate and priced at the worst case, which only the extension's window can spend.
 */
export async function estimateFor(
  core: CoreNeeds,
  videoId: string,
  mode: AnalysisMode,
  partial: boolean,
  durationSeconds?: number,
): Promise<Estimate> {
  const [settings, key, fromTranscript] = await Promise.all([
    core.connection().then((c) => c.settings),
    core.account(),
    transcriptDuration(core, videoId),
  ]);
  const length = analysisLength(durationSeconds ?? (await videoLengths.of(videoId)), fromTranscript);
  const job = await jobStore.get(key, videoId);
  const priced = (account: AccountRecord) =>
    estimate({
      mode,
      partial,
      durationSeconds: length.seconds,
      pageOnly: !length.confirmed,
      account,
      guard: settings.spendingGuard,
      job,
    });
  const first = priced(await freshAccount(core));
  // "Not enough AI Units" is said only on a balance checked moments ago: a top-up may have come since.
  return first.exceedsBalance ? priced(await freshAccount(core, SHORT_OF_BALANCE_FRESH_MS)) : first;
}

export type Tracker = { track: (record: JobRecord, job: Job | null) => Promise<{ stored: boolean }> };

/**
 * Starts (or re-joins) an analysis. Refuses above the spending guard without the person's confirmation, and
 * when the known balance cannot cover the known cost, so nothing is sent that the person did not agree to or
 * that would surely be refused.
 */
export async function startAnalysis(
  core: CoreNeeds,
  tracker: Tracker,
  req: StartRequest,
  /** The estimate just made for this request, when the caller has one. */
  known?: Estimate,
): Promise<JobReply> {
  const cost = known ?? (await estimateFor(core, req.videoId, req.mode, req.partial, req.durationSeconds));
  if (cost.exceedsGuard && !req.guardConfirmed) {
    throw new ServiceError(0, 'consent_required', t('background.check.confirmFirst'));
  }
  if (!cost.modeAllowed) throw new ServiceError(403, 'plan_required', 'Deep analysis needs the Pro or Team plan.');
  if (cost.exceedsBalance) throw new ServiceError(402, 'insufficient_ai_units', 'Not enough AI Units.');
  const account = await core.account();
  const previous = await jobStore.get(account, req.videoId);
  // The language of the transcript the person reads (saved), else their preferred one: the service runs the
  // analysis on those captions, and spoken citations are checked against the same transcript.
  const lang = (await savedLanguage(core, req.videoId)) ?? (await core.connection()).settings.language;
  return core.inflight.join(`watch:${account}:${req.videoId}`, async () => {
    let response: Job;
    try {
      const request = { id: req.videoId, mode: req.mode, lang, ...(req.partial && { partial: true }) };
      // This account's job of the video, when the service gave it (an imported id may be another account's).
      const knownJobIds = previous && isFollowable(previous) ? [previous.jobId] : [];
      response = await core.till.startAnalysis(
        request,
        analysisPrice(cost.aiUnits, cost.worstCase),
        req.path ?? 'panel',
        knownJobIds,
      );
    } catch (error) {
      if (isServiceError(error) && error.status === 422 && typeof error.details.maxMinutes === 'number') {
        await accountStore.update({ maxMinutes: error.details.maxMinutes });
      }
      throw error;
    }
    const now = Date.now();
    // Ready and unnumbered while this account's numbered job of the video runs or is ready: that is the job (the
    // service returns the same one), and its number is kept so its answers stay reachable.
    const sameJob =
      response.unnumbered && previous && isFollowable(previous) && (isPending(previous) || previous.status === 'ready');
    const unnumbered = response.unnumbered === true && !sameJob;
    const record: JobRecord = {
      account,
      videoId: req.videoId,
      jobId: sameJob ? previous.jobId : response.jobId,
      mode: req.mode,
      partial: req.partial,
      ...reported(response),
      lang,
      status: response.status,
      serviceStatus: response.unknownStatus ?? null,
      startedAt: now,
      lastPolledAt: null,
      nextPollAt: isPending(response) ? now + POLL_INTERVAL_MS : null,
      endedAt: isPending(response) ? null : now,
      polls: 0,
      title: req.title ?? null,
      notify: req.notify ?? false,
      error: null,
      // Ready with its analysis and no job id: kept and shown, never polled or asked (utils/jobs/store.ts).
      ...(unnumbered && { source: 'unnumbered' as const }),
    };
    await tracker.track(record, response);
    if (previous && isImported(previous)) await adoptImportedAnswers(core, previous, record);
    return toJobReply(record);
  });
}

/** "Look again": a job given up (lost, revoked token, unreadable answers) is checked once more, for free. */
export async function recheckAnalysis(core: CoreNeeds, tracker: Tracker, videoId: string): Promise<JobReply | null> {
  const record = await jobStore.get(await core.account(), videoId);
  if (!record) return null;
  // An imported job is never asked about (its id came from a file), nor an unnumbered one (it has none).
  if (record.status !== 'lost' || !isFollowable(record)) return toJobReply(record);
  const again: JobRecord = {
    ...record,
    status: 'processing',
    nextPollAt: Date.now(),
    endedAt: null,
    polls: 0,
    error: null,
  };
  await tracker.track(again, null);
  return toJobReply(again);
}

const analysisKey = (account: string, videoId: string) => `${account}:${videoId}`;

/** Stores a ready job's artifact, kept outside the evictable cache. False when storing failed (it is held). */
export function keepArtifact(core: CoreNeeds, record: JobRecord, artifact: unknown): Promise<boolean> {
  const cached: CachedAnalysis = { jobId: record.jobId, artifact };
  return core.keeper.put('analysis', analysisKey(record.account, record.videoId), cached);
}

/**
 * The job of a video and, when ready, its artifact: from the cache, else one free GET of the job. An imported
 * job is never fetched (its id may be another account's): its artifact is what the file brought, or nothing.
 */
export async function analysisState(
  core: CoreNeeds,
  videoId: string,
  /** The poller: a record it just wrote as ready has its artifact kept right after. */
  polls?: { settled: (jobId: number) => Promise<void> },
): Promise<AnalysisState> {
  const record = await jobStore.get(await core.account(), videoId);
  if (!record) return { job: null, artifact: null, ...(await unsureStart(core, videoId, record)) };
  if (record.status !== 'ready')
    return { job: toJobReply(record), artifact: null, ...(await unsureStart(core, videoId, record)) };
  await polls?.settled(record.jobId);
  const cached = await core.keeper.get<CachedAnalysis>('analysis', analysisKey(record.account, videoId));
  if (cached && cached.value.jobId === record.jobId)
    return { job: toJobReply(record), artifact: cached.value.artifact };
  if (!isFollowable(record)) return { job: toJobReply(record), artifact: null };
  const job = await core.inflight.join(`job:${record.account}:${record.jobId}`, () =>
    core.rest('poll', 'interactive', (client) => client.getJob(record.jobId)),
  );
  const stored = job.artifact === undefined || (await keepArtifact(core, record, job.artifact));
  return {
    job: toJobReply(record),
    artifact: job.artifact ?? null,
    ...(!stored && { storageProblem: storageProblem() }),
  };
}

/**
 * Whether a start of this video's analysis may have reached the service without its answer arriving (a timeout,
 * an unreadable answer, the worker stopped on the way) since the job this account knows, when the tab offers to
 * start it: the Analysis tab then says so, and that starting again costs nothing if it did (spec: the same job).
 */
async function unsureStart(
  core: CoreNeeds,
  videoId: string,
  record: JobRecord | null,
): Promise<{ unsureStart?: true }> {
  if (record && (isPending(record) || record.status === 'ready')) return {};
  const open = await core.till.openUnknown('analysis');
  const since = record?.startedAt ?? Number.NEGATIVE_INFINITY;
  return open.some((e) => e.subject.ids.includes(videoId) && e.at > since) ? { unsureStart: true } : {};
}

export type CachedAnalysis = { jobId: number; artifact: unknown };

export function toJobReply(record: JobRecord): JobReply {
  const { polls: _polls, notify: _notify, account: _account, ...reply } = record;
  return reply;
}
