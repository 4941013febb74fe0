import { ServiceError } from '../../utils/api/errors';
import { jobStore } from '../../utils/jobs-store';
import type { AnswerEntry } from '../../utils/views';
import type { Core } from './core';

const MAX_HISTORY = 200;

function sameQuestion(a: string, b: string): boolean {
  const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return fold(a) === fold(b);
}

/** Questions and answers of a video's current analysis, oldest first. */
export async function askHistory(core: Core, videoId: string): Promise<AnswerEntry[]> {
  const job = await jobStore.get(videoId);
  if (!job) return [];
  const hit = await (await core.cache()).get<AnswerEntry[]>('answers', String(job.jobId));
  return hit?.value ?? [];
}

/**
 * Asks a question of a ready analysis (1 AI Unit). The same question asked again returns the stored
 * answer without a second charge; concurrent identical questions make one call.
 */
export async function askQuestion(core: Core, videoId: string, question: string): Promise<AnswerEntry> {
  const job = await jobStore.get(videoId);
  if (job?.status !== 'ready') {
    throw new ServiceError(409, 'job_not_ready', 'The analysis of this video is not ready.');
  }
  const previous = (await askHistory(core, videoId)).find((entry) => sameQuestion(entry.question, question));
  if (previous) return previous;
  return core.inflight.join(`ask:${job.jobId}:${question.trim().toLowerCase()}`, async () => {
    const answer = await core.rest('rest', 'interactive', (client) => client.ask(job.jobId, question.trim()));
    const entry: AnswerEntry = { question: question.trim(), askedAt: Date.now(), answer };
    const cache = await core.cache();
    const history = (await cache.get<AnswerEntry[]>('answers', String(job.jobId)))?.value ?? [];
    await cache.put('answers', String(job.jobId), [...history, entry].slice(-MAX_HISTORY));
    return entry;
  });
}
