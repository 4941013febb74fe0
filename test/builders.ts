import { allowsDeep } from '../utils/api/schemas';
import type { JobRecord } from '../utils/jobs/store';
import type { JobReply, PanelContext, QuotedEstimate } from '../utils/panel/replies';

/**
 * Test data builders shared by unit and component tests: a plain queued job that each test shapes with the
 * fields it is about, so a new field of the job record is added in one place.
 */
export function jobReply(over: Partial<JobReply> = {}): JobReply {
  return {
    videoId: 'dQw4w9WgXcQ',
    jobId: 7,
    mode: 'smart',
    partial: false,
    lang: null,
    serviceStatus: null,
    status: 'queued',
    startedAt: 1,
    lastPolledAt: null,
    nextPollAt: null,
    endedAt: null,
    title: null,
    error: null,
    ...over,
  };
}

export function jobRecord(over: Partial<JobRecord> = {}): JobRecord {
  return { account: 'acct', polls: 0, notify: false, ...jobReply(), ...over };
}

/** What the background tells a panel; Deep follows the plan as the background derives it. */
export function panelContext(over: Partial<PanelContext> = {}): PanelContext {
  const plan = over.plan === undefined ? 'pro' : over.plan;
  return {
    hasToken: true,
    language: 'en',
    defaultMode: 'smart',
    spendingGuard: 100,
    plan,
    deepAllowed: allowsDeep(plan),
    balances: { cloudRequests: 900, aiUnits: 3000, at: 1 },
    autoLoad: false,
    ...over,
  };
}

/** A priced analysis of the 10:24 demo video within the guard: 11 started minutes at 3 AI Units. */
export const quotedEstimate = (over: Partial<QuotedEstimate> = {}): QuotedEstimate => ({
  quoteId: 'quote-1',
  worstCase: null,
  lowAiUnits: null,
  mode: 'smart',
  partial: false,
  durationSeconds: 624,
  minutes: 11,
  perMinute: 3,
  aiUnits: 33,
  balance: 3000,
  exceedsBalance: false,
  exceedsGuard: false,
  guard: 100,
  maxMinutes: null,
  tooLong: false,
  modeAllowed: true,
  alreadyPaid: false,
  ...over,
});
