import { AI_UNITS_PER_MINUTE, type AnalysisMode, allowsDeep, PLANS } from '../../../utils/api/schemas';
import { isPending } from '../../../utils/jobs/pending';
import { isImported, type JobRecord } from '../../../utils/jobs/store';
import type { Estimate } from '../../../utils/panel/replies';
import type { AccountRecord } from '../core/account-store';

export type EstimateInput = {
  mode: AnalysisMode;
  partial: boolean;
  durationSeconds: number | null;
  account: AccountRecord;
  guard: number;
  job: JobRecord | null;
  /** The length is the page's alone (./analysis-length.ts): shown as an estimate, priced as unknown. */
  pageOnly?: boolean;
};

const LONGEST_PLAN_MINUTES = Math.max(...Object.values(PLANS).map((p) => p.maxAnalysisMinutes));

/** The longest video this account may analyze, in minutes: learned from a 422, else the plan's, else any plan's. */
export function maxMinutesFor(account: AccountRecord): number {
  return account.maxMinutes ?? (account.plan ? PLANS[account.plan].maxAnalysisMinutes : LONGEST_PLAN_MINUTES);
}

/**
 * What an analysis would cost before anything is spent (spec: Billing rules 5 and 7): started minutes
 * times 3 AI Units (quick, smart) or 30 (deep); auto as the range 3–30 where Deep is allowed (Pro, Team,
 * unknown plan), else 3; nothing when the video is already queued, running or finished on the account (an
 * analysis imported from a file is not: its job may be another account's, so this one's is priced in full).
 * An unknown length is never priced low: it carries the worst case and always needs the guard's dialog. So is a
 * length only the page vouches for: its figure is kept as `pageAiUnits`, for the person to read, never to spend by.
 */
export function estimate(input: EstimateInput): Estimate {
  const { mode, partial, durationSeconds, account, guard, job, pageOnly = false } = input;
  // Auto chooses from length and visual pace (spec), so where Deep is allowed it may choose Deep: priced at
  // the top of the range for the guard, at the bottom for "surely refused".
  const deepAllowed = allowsDeep(account.plan);
  const autoMayDeep = mode === 'auto' && deepAllowed;
  const perMinute = mode === 'deep' || autoMayDeep ? AI_UNITS_PER_MINUTE.deep : AI_UNITS_PER_MINUTE.standard;
  const allMinutes = durationSeconds === null ? null : Math.max(1, Math.ceil(durationSeconds / 60));
  const tooLong = allMinutes !== null && account.maxMinutes !== null && allMinutes > account.maxMinutes;
  const minutes =
    allMinutes !== null && partial && account.maxMinutes !== null
      ? Math.min(allMinutes, account.maxMinutes)
      : allMinutes;
  const alreadyPaid = job !== null && !isImported(job) && (isPending(job) || job.status === 'ready');
  const byLength = alreadyPaid ? 0 : minutes === null ? null : minutes * perMinute;
  const pageAiUnits = pageOnly && !alreadyPaid && byLength !== null ? byLength : null;
  const aiUnits = pageAiUnits === null ? byLength : null;
  const worstCase = !alreadyPaid && aiUnits === null ? maxMinutesFor(account) * perMinute : null;
  const low =
    autoMayDeep && byLength !== null && !alreadyPaid && minutes !== null
      ? minutes * AI_UNITS_PER_MINUTE.standard
      : null;
  const lowAiUnits = aiUnits === null ? null : low;
  const balance = account.aiUnits;
  return {
    mode,
    partial,
    durationSeconds,
    minutes,
    perMinute,
    aiUnits,
    lowAiUnits,
    worstCase,
    balance,
    // By the page's figure too: a page that makes it look dearer only keeps its own button off.
    exceedsBalance: balance !== null && (low ?? byLength) !== null && (low ?? byLength ?? 0) > balance,
    exceedsGuard: !alreadyPaid && (aiUnits === null || aiUnits > guard),
    guard,
    maxMinutes: account.maxMinutes,
    tooLong: tooLong && !partial,
    modeAllowed: mode !== 'deep' || deepAllowed,
    alreadyPaid,
    ...(pageAiUnits !== null && { pageAiUnits }),
  };
}
