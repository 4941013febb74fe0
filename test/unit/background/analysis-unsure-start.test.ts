import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { analysisState } from '../../../entrypoints/background/panel/analysis';
import { createInflight } from '../../../utils/inflight';
import { type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { JournalEntry } from '../../../utils/till/journal';
import { jobRecord } from '../../builders';
import { AT, entryOf, outcomeOf } from '../../journal-builders';

beforeEach(() => {
  fakeBrowser.reset();
});

const VIDEO = 'tvaHuman001';

/** A start of VIDEO's analysis whose answer never arrived readable (a stopped worker's, here). */
const unsure = (over: Partial<JournalEntry> = {}) =>
  entryOf({
    kind: 'analysis',
    subject: { ids: [VIDEO], mode: 'smart', partial: false },
    price: { cloudRequests: 0, aiUnits: 24, aiUnitsUpTo: 24 },
    outcome: outcomeOf({ state: 'unknown', delivered: [], code: 'interrupted' }),
    ...over,
  });

function coreWith(open: JournalEntry[]) {
  return {
    account: async () => 'acct',
    keeper: { get: async () => null, put: async () => true },
    inflight: createInflight(),
    rest: async () => {
      throw new Error('no request expected');
    },
    till: { openUnknown: async (kind: string) => open.filter((e) => e.kind === kind) },
  } as never;
}

async function stateWith(record: JobRecord | null, open: JournalEntry[]) {
  if (record) await jobStore.put(record);
  return analysisState(coreWith(open), VIDEO);
}

describe('a start that may have got through, where the Analysis tab offers to start', () => {
  it('is said when no job is known', async () => {
    expect((await stateWith(null, [unsure()])).unsureStart).toBe(true);
  });

  it('is said beside a failed or lost job it came after', async () => {
    const failed = jobRecord({ videoId: VIDEO, status: 'failed', startedAt: AT - 60_000, nextPollAt: null });
    expect((await stateWith(failed, [unsure()])).unsureStart).toBe(true);
  });

  it('is not said once a job started after it (that start went through, or a later one did)', async () => {
    const later = jobRecord({ videoId: VIDEO, status: 'failed', startedAt: AT + 5_000, nextPollAt: null });
    expect((await stateWith(later, [unsure()])).unsureStart).toBeUndefined();
  });

  it('is not said while a job runs or is ready (nothing offers a start)', async () => {
    const running = jobRecord({ videoId: VIDEO, status: 'processing', startedAt: AT - 60_000 });
    expect((await stateWith(running, [unsure()])).unsureStart).toBeUndefined();
  });

  it("is not said for another video's start or for a question", async () => {
    const other = unsure({ subject: { ids: ['tvaSpanish1'], mode: 'smart', partial: false } });
    const question = unsure({ kind: 'ask', subject: { ids: [VIDEO], jobId: 4, question: 'why?' } });
    expect((await stateWith(null, [other, question])).unsureStart).toBeUndefined();
  });
});
