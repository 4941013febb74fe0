/**
 * An analysis job from `POST /api/watch` or `GET /api/watch/{jobId}`: `jobId` as a number or a numeric string
 * (also `id`, `job_id`, `analysisId`), status words mapped (`completed` → ready, `running` → processing,
 * `pending` → queued, `error` → failed), balances null or missing → unknown. Unknown fields are kept. The
 * artifact is under `artifact` (or `analysis`, `result`), or flat: its sections at the body's top level.
 * Returns null when no job id can be read (a poll's answer is the polled job's): a job that cannot be followed.
 * A ready answer to a start without an id is read by `readUnnumbered`: the analysis is kept, never thrown away.
 */

import type { JobStatus } from '../enums';
import { isFlatSectionKey } from './artifact';
import { readBalances } from './balances';
import { mapJobStatus } from './job-status';
import { entries, isEmpty, words } from './lenient';
import { bool, type Dict, field, isRecord, nonNeg, str } from './values';

export type Job = {
  [key: string]: unknown;
  jobId: number;
  status: JobStatus;
  artifact?: unknown;
  error?: string;
  errorCode?: string;
  retryable?: boolean;
  /** The service's status word when it is none of the known ones: the job is treated as still running. */
  unknownStatus?: string;
  /**
   * A ready analysis the service sent without a job id (`jobId` is then 0, no job): it is kept and shown, but
   * cannot be polled or asked.
   */
  unnumbered?: true;
};
export type WatchResponse = Job & { aiUnitsRemaining?: number; cloudRequestsRemaining?: number };

const JOB_ID = words('jobid id analysisid');
const STATUS = words('status state');
const ARTIFACT = words('artifact analysis result');

/** The artifact's sections at the body's top level, as one artifact; undefined when there are none. */
function flatArtifact(body: Dict): Dict | undefined {
  const sections = entries(body).filter(([key, value]) => isFlatSectionKey(key) && !isEmpty(value));
  return sections.length > 0 ? Object.fromEntries(sections) : undefined;
}

function jobIdOf(body: Dict): number | undefined {
  const n = nonNeg(field(body, JOB_ID));
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/** `error` may be a sentence, a code, or `{ code, message }`. */
function failureOf(body: Dict): Pick<Job, 'error' | 'errorCode' | 'retryable'> {
  const raw = field(body, words('error'));
  const nested = isRecord(raw) ? raw : undefined;
  let errorCode = str(field(body, words('errorcode'))) ?? (nested ? str(field(nested, words('code'))) : undefined);
  let error = nested ? str(field(nested, words('message'))) : str(raw);
  // A bare code in `error` (`"video_unavailable"`) is the code, not a sentence.
  if (errorCode === undefined && error !== undefined && /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(error)) {
    errorCode = error;
    error = undefined;
  }
  const retryable =
    bool(field(body, words('retryable'))) ?? (nested ? bool(field(nested, words('retryable'))) : undefined);
  return {
    ...(error !== undefined && { error }),
    ...(errorCode !== undefined && { errorCode }),
    ...(retryable !== undefined && { retryable }),
  };
}

function statusOf(body: Dict, artifact: unknown, failure: ReturnType<typeof failureOf>) {
  const word = str(field(body, STATUS));
  const known = word === undefined ? undefined : mapJobStatus(word);
  if (known) return { status: known };
  // No usable word: what the body carries says more than a guess.
  const status: JobStatus = !isEmpty(artifact) ? 'ready' : failure.errorCode ? 'failed' : 'processing';
  return { status, ...(word !== undefined && { unknownStatus: word }) };
}

/** The body, or the job it wraps in `job` or `data`. */
function sourceOf(body: Dict): Dict {
  const inner = field(body, words('job data'));
  return isRecord(inner) && jobIdOf(body) === undefined ? { ...body, ...inner } : body;
}

function read(body: Dict, source: Dict, jobId: number): WatchResponse {
  const artifact = field(source, ARTIFACT) ?? flatArtifact(source);
  const failure = failureOf(source);
  const balances = readBalances(body);
  const {
    aiUnitsRemaining: _a,
    cloudRequestsRemaining: _c,
    error: _e,
    errorCode: _ec,
    retryable: _r,
    ...extra
  } = source;
  return {
    ...extra,
    jobId,
    ...statusOf(source, artifact, failure),
    ...(artifact !== undefined && { artifact }),
    ...failure,
    ...(balances?.aiUnits !== undefined && { aiUnitsRemaining: balances.aiUnits }),
    ...(balances?.cloudRequests !== undefined && { cloudRequestsRemaining: balances.cloudRequests }),
  };
}

/** A job with its id; `polledId` is the id of the job asked about, for a poll's answer that does not repeat it. */
export function readJob(body: unknown, polledId?: number): WatchResponse | null {
  if (!isRecord(body)) return null;
  const source = sourceOf(body);
  const jobId = jobIdOf(source);
  if (jobId !== undefined) return read(body, source, jobId);
  if (polledId === undefined) return null;
  // Without its id, a poll's answer must still say something about the job: a status, the analysis, a failure.
  const job = read(body, source, polledId);
  const says = field(source, STATUS) !== undefined || job.artifact !== undefined || job.errorCode !== undefined;
  return says ? job : null;
}

/**
 * A start answered "ready" with the analysis and no job id (spec: 200 when the video was analyzed before): the
 * account has this analysis, so it is kept and shown (`unnumbered`, `jobId` 0). Null when the body is not a
 * finished analysis: then there is nothing to keep, and nothing to follow.
 */
export function readUnnumbered(body: unknown): WatchResponse | null {
  if (!isRecord(body)) return null;
  const source = sourceOf(body);
  if (jobIdOf(source) !== undefined) return null;
  const job = read(body, source, 0);
  return job.status === 'ready' && !isEmpty(job.artifact) ? { ...job, unnumbered: true } : null;
}
