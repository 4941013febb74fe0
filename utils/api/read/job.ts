/**
 * An analysis job from `POST /api/watch` or `GET /api/watch/{jobId}`: `jobId` as a number or a numeric string
 * (also `id`, `job_id`, `analysisId`), status words mapped (`completed` → ready, `running` → processing,
 * `pending` → queued, `error` → failed), balances null or missing → unknown. Unknown fields are kept.
 * Returns null when no job id can be read: a job that cannot be followed.
 */

import type { JobStatus } from '../schemas';
import { readBalances } from './balances';
import { mapJobStatus } from './job-status';
import { isEmpty, words } from './lenient';
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
};
export type WatchResponse = Job & { aiUnitsRemaining?: number; cloudRequestsRemaining?: number };

const JOB_ID = words('jobid id analysisid');
const STATUS = words('status state');
const ARTIFACT = words('artifact analysis result');

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

export function readJob(body: unknown): WatchResponse | null {
  if (!isRecord(body)) return null;
  const inner = field(body, words('job data'));
  const source = isRecord(inner) && jobIdOf(body) === undefined ? { ...body, ...inner } : body;
  const jobId = jobIdOf(source);
  if (jobId === undefined) return null;
  const artifact = field(source, ARTIFACT);
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
