import { ServiceError } from '../../../utils/api/errors';
import { t } from '../../../utils/i18n/catalogue';
import { answersKeyOf, isFollowable, isImported, type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { AnswerEntry } from '../../../utils/panel/replies';
import type { Core } from '../core/core';
import { storageProblem } from '../core/keeper';
import { Refusal } from '../core/replies';
import type { Till } from '../till';
import { foldQuestion as fold, MAX_ANSWERS } from './answers';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'inflight' | 'keeper'> & { till: Till };

export { AI_UNITS_PER_QUESTION } from '../../../utils/till/price';

/** Said when a question is asked of an analysis that came from a library file. */
export const importedAsk = () => t('background.error.ask.imported');

/** Said when a question is asked of an analysis the service sent without its job id. */
export const unnumberedAsk = () => t('background.error.ask.unnumbered');

/**
 * The ready analysis of this account that a question may be sent to. An imported one is refused: its job id
 * came from a file, and this token must never post to a job it did not start; so is one without a job id.
 */
export async function askableJob(core: CoreNeeds, videoId: string): Promise<JobRecord> {
  const job = await jobStore.get(await core.account(), videoId);
  if (job && isImported(job)) throw new Refusal('imported_analysis', importedAsk());
  if (job && !isFollowable(job)) throw new Refusal('unnumbered_analysis', unnumberedAsk());
  if (job?.status !== 'ready') throw new ServiceError(409, 'job_not_ready', 'The analysis of this video is not ready.');
  return job;
}

/** Questions and answers of a video's current analysis on this account (imported ones too), oldest first. */
export async function askHistory(core: CoreNeeds, videoId: string): Promise<AnswerEntry[]> {
  const job = await jobStore.get(await core.account(), videoId);
  if (!job) return [];
  const hit = await core.keeper.get<AnswerEntry[]>('answers', answersKeyOf(job));
  return hit?.value ?? [];
}

/**
 * Questions of this video's analysis whose asking may have been charged without the answer arriving (a timeout,
 * an unreadable answer, the worker stopped on the way) and that no answer has settled since: the Ask tab names
 * them, so nobody asks one again without knowing it may be paid twice.
 */
export async function unsureQuestions(core: CoreNeeds, videoId: string): Promise<string[]> {
  const job = await jobStore.get(await core.account(), videoId);
  if (!job || !isFollowable(job)) return [];
  const answered = new Set((await askHistory(core, videoId)).map((e) => fold(e.question)));
  const unsure = new Map<string, string>();
  for (const e of await core.till.openUnknown('ask')) {
    const question = e.subject.question ?? '';
    if (e.subject.jobId === job.jobId && question && !answered.has(fold(question)))
      unsure.set(fold(question), question);
  }
  return [...unsure.values()];
}

/** Whether a question can be asked now (a ready analysis this account started). */
export async function canAsk(core: CoreNeeds, videoId: string): Promise<boolean> {
  return askableJob(core, videoId).then(
    () => true,
    () => false,
  );
}

/**
 * Asks a question of a ready analysis (1 AI Unit). The same question asked again returns the stored
 * answer without a second charge; concurrent identical questions make one call. Answers are kept outside
 * the evictable cache, and shown even when storing them fails.
 */
export async function askQuestion(core: CoreNeeds, videoId: string, question: string): Promise<AnswerEntry> {
  const job = await askableJob(core, videoId);
  const text = question.trim();
  const previous = (await askHistory(core, videoId)).find((entry) => fold(entry.question) === fold(text));
  if (previous) return previous;
  const key = answersKeyOf(job);
  return core.inflight.join(`ask:${key}:${fold(text)}`, async () => {
    const answer = await core.till.ask(videoId, job.jobId, text);
    const entry: AnswerEntry = { question: text, askedAt: Date.now(), answer };
    const history = (await core.keeper.get<AnswerEntry[]>('answers', key))?.value ?? [];
    const stored = await core.keeper.put('answers', key, [...history, entry].slice(-MAX_ANSWERS));
    return stored ? entry : { ...entry, storageProblem: storageProblem() };
  });
}
