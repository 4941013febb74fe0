import { allowsDeep } from '../utils/api/schemas';
import type { JobRecord } from '../utils/jobs/store';
import type { JobReply, PanelContext } from '../utils/panel/replies';

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
