import type { JobRecord } from '../utils/jobs-store';
import type { JobView } from '../utils/views';

/**
 * Test data builders shared by unit and component tests: a plain queued job that each test shapes with the
 * fields it is about, so a new field of the job record is added in one place.
 */
export function jobView(over: Partial<JobView> = {}): JobView {
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
  return { account: 'acct', polls: 0, notify: false, ...jobView(), ...over };
}
