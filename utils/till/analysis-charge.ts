import type { JobStatus } from '../api/schemas';
import type { JournalEntry } from './journal';

/** As much of a start's answer (POST /api/watch) as says whether it began a new job. */
export type StartAnswer = {
  /** The answer's HTTP status, null when it was not heard. */
  httpStatus: number | null;
  status: JobStatus;
  jobId: number;
  /** Ready with its analysis and no job id (read/job.ts, readUnnumbered). */
  unnumbered?: true;
  /** The service's status word was none of the known ones. */
  unknownStatus?: string;
};

/** The AI Units balance known just before a start was sent, and the one its answer reported; null: unknown. */
export type AiBalances = { before: number | null; after: number | null };

const UNKNOWN_BALANCES: AiBalances = { before: null, after: null };

/**
 * What one analysis start charged, by the spec's states table: a new job (202, `queued`, an id the extension
 * does not know) costs its price; "analyzed before" (200, `ready`) and the same job returned (already queued,
 * running or finished on the account) cost nothing. The same job is told by its id when the extension knows it
 * (its job record, an earlier start in the journal), else by its state: a fresh start is queued, so an answer
 * already processing or ready is a job that was there. A job still queued that the extension never saw (another
 * device started it) looks like a new one; the balance tells them apart: a start whose answer reports the AI
 * balance no lower than it was just before took nothing (the till learns it moments before, ./analysis.ts).
 * Without both balances it is booked at its price, and the reconciliation line shows any difference rather
 * than hide a charge.
 */
export function analysisStartCharge(
  answer: StartAnswer,
  knownJobIds: ReadonlySet<number>,
  price: number,
  balances: AiBalances = UNKNOWN_BALANCES,
): number {
  if (answer.httpStatus === 200 || answer.status === 'ready' || answer.unnumbered) return 0;
  if (knownJobIds.has(answer.jobId)) return 0;
  if (answer.status === 'processing' && answer.unknownStatus === undefined) return 0;
  const { before, after } = balances;
  if (before !== null && after !== null && after >= before) return 0;
  return price;
}

/** The job ids earlier starts of this video delivered, by the journal (an unnumbered one names no job). */
export function journalledJobIds(entries: readonly JournalEntry[], videoId: string): number[] {
  return entries
    .filter((e) => e.kind === 'analysis' && e.subject.ids[0] === videoId && e.outcome?.state === 'delivered')
    .flatMap((e) => e.outcome?.delivered ?? [])
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
}
