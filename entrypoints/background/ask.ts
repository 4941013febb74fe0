import { ServiceError } from '../../utils/api/errors';
import { jobStore } from '../../utils/jobs-store';
import type { AnswerEntry } from '../../utils/views';
import type { Core } from './core';
import { STORAGE_PROBLEM } from './keeper';

const MAX_HISTORY = 200;

export { AI_UNITS_PER_QUESTION } from '../../utils/till/price';

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

async function readyJob(core: Core, videoId: string) {
  const job = await jobStore.get(await core.account(), videoId);
  return job?.status === 'ready' ? job : null;
}

const answersKey = (account: string, jobId: number) => `${account}:${jobId}`;

/** Questions and answers of a video's current analysis on this account, oldest first. */
export async function askHistory(core: Core, videoId: string): Promise<AnswerEntry[]> {
  const job = await jobStore.get(await core.account(), videoId);
  if (!job) return [];
  const hit = await core.keeper.get<AnswerEntry[]>('answers', answersKey(job.account, job.jobId));
  return hit?.value ?? [];
}

/** Whether a question can be asked now (a ready analysis on this account). */
export async function canAsk(core: Core, videoId: string): Promise<boolean> {
  return (await readyJob(core, videoId)) !== null;
}

/**
 * Asks a question of a ready analysis (1 AI Unit). The same question asked again returns the stored
 * answer without a second charge; concurrent identical questions make one call. Answers are kept outside
 * the evictable cache, and shown even when storing them fails.
 */
export async function askQuestion(core: Core, videoId: string, question: string): Promise<AnswerEntry> {
  const job = await readyJob(core, videoId);
  if (!job) throw new ServiceError(409, 'job_not_ready', 'The analysis of this video is not ready.');
  const text = question.trim();
  const previous = (await askHistory(core, videoId)).find((entry) => fold(entry.question) === fold(text));
  if (previous) return previous;
  const key = answersKey(job.account, job.jobId);
  return core.inflight.join(`ask:${key}:${fold(text)}`, async () => {
    const answer = await core.till.ask(videoId, job.jobId, text);
    const entry: AnswerEntry = { question: text, askedAt: Date.now(), answer };
    const history = (await core.keeper.get<AnswerEntry[]>('answers', key))?.value ?? [];
    const stored = await core.keeper.put('answers', key, [...history, entry].slice(-MAX_HISTORY));
    return stored ? entry : { ...entry, storageProblem: STORAGE_PROBLEM };
  });
}
