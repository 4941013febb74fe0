import { answersKeyOf, type JobRecord } from '../../../utils/jobs/store';
import type { AnswerEntry } from '../../../utils/panel/replies';
import type { Core } from '../core/core';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'cache' | 'keeper'>;

/** Answers kept per analysis; asking more drops the oldest, merging never does. */
export const MAX_ANSWERS = 200;

/** A question as it is compared: the same question asked twice is answered once. */
export const foldQuestion = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export type Merged = { merged: AnswerEntry[]; added: number; duplicates: number; overflow: number };

/**
 * Every held answer, first and unchanged; then the incoming ones whose question is not answered yet, while
 * there is room. Paid answers are never replaced or pushed out by incoming ones.
 */
export function mergeAnswers(held: readonly AnswerEntry[], incoming: readonly AnswerEntry[]): Merged {
  const known = new Set(held.map((e) => foldQuestion(e.question)));
  const added: AnswerEntry[] = [];
  let duplicates = 0;
  let overflow = 0;
  for (const entry of incoming) {
    const folded = foldQuestion(entry.question);
    if (known.has(folded)) duplicates++;
    else if (held.length + added.length >= MAX_ANSWERS) overflow++;
    else {
      known.add(folded);
      added.push(entry);
    }
  }
  return { merged: [...held, ...added], added: added.length, duplicates, overflow };
}

/**
 * This account's own job replaced an imported analysis of the video: the answers imported with it move to
 * the own job's answers, so they stay readable (and a question answered there is not bought again). They
 * leave their old place only once stored in the new one.
 */
export async function adoptImportedAnswers(core: CoreNeeds, imported: JobRecord, own: JobRecord): Promise<void> {
  const from = answersKeyOf(imported);
  const to = answersKeyOf(own);
  if (from === to) return;
  const moving = (await core.keeper.get<AnswerEntry[]>('answers', from))?.value;
  if (!Array.isArray(moving) || moving.length === 0) return;
  const held = (await core.keeper.get<AnswerEntry[]>('answers', to))?.value ?? [];
  const { merged, overflow } = mergeAnswers(held, moving);
  // Answers that do not fit stay where they were rather than being lost.
  if (overflow > 0 || !(await core.keeper.put('answers', to, merged))) return;
  await (await core.cache()).delete('answers', from).catch(() => undefined);
}
