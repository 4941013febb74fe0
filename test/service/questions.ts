import { type Account, aiRemaining } from './accounts';
import { answerQuestion } from './ask';
import { chargeAi } from './billing';
import { findVideo } from './catalog';
import { MESSAGES, type Refusal, refuse } from './errors';
import { findJob, jobStatus } from './jobs';
import { PRICES } from './prices';
import type { ServiceState } from './state';

/** A question against a finished analysis: 1 AI Unit; refused (free) when the job is unknown or not ready. */
export function askJob(
  state: ServiceState,
  account: Account,
  rawJobId: string,
  question: string,
  reason: string,
): unknown {
  const job = findJob(state.jobs, account.token, rawJobId);
  if (!job) return refuse(404, 'not_found', 'No analysis job with this id on your account.');
  const status = jobStatus(job, state.now());
  if (status !== 'ready') {
    const message =
      status === 'failed'
        ? 'The analysis failed: start it again before asking questions.'
        : `The analysis is still ${status}: ask again when it is ready.`;
    return refuse(409, 'job_not_ready', message, { status });
  }
  const price = PRICES.aiUnitsPerQuestion;
  if (aiRemaining(account) < price) return refuse(402, 'insufficient_ai_units', MESSAGES.noAi);
  chargeAi(state, account, price, reason, job.videoId);
  const override = state.overrides.get(job.videoId);
  if (override && 'answer' in override) return override.answer;
  return { ...answerQuestion(findVideo(job.videoId), job, question), aiUnitsRemaining: aiRemaining(account) };
}

export type { Refusal };
