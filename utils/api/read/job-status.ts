/**
 * The words a service may use for a job's state, folded onto the spec's four. A word outside these lists is
 * an "unknown status": the caller keeps the word and treats the job as not finished (polls are free).
 */

import type { JobStatus } from '../enums';
import { normKey, words } from './lenient';

const WORDS: [JobStatus, readonly string[]][] = [
  ['ready', words('ready completed complete done success succeeded successful finished')],
  ['processing', words('processing running inprogress started working active analyzing analysing')],
  ['queued', words('queued pending waiting scheduled created submitted accepted new')],
  ['failed', words('failed failure error errored cancelled canceled aborted timeout timedout rejected expired')],
];

export function mapJobStatus(word: string): JobStatus | undefined {
  const folded = normKey(word);
  return WORDS.find(([, list]) => list.includes(folded))?.[0];
}
