import { describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../entrypoints/background/core/account-store';
import { estimate } from '../../entrypoints/background/panel/estimate';
import { allowsDeep } from '../../utils/api/schemas';
import type { JobRecord } from '../../utils/jobs/store';
import { jobRecord } from '../builders';

const account = (over: Partial<AccountRecord> = {}): AccountRecord => ({
  plan: 'pro',
  cloudRequests: 100,
  aiUnits: 1000,
  aiTopUp: null,
  balancesAt: 1,
  monthlyCloudRequests: null,
  monthlyAiUnits: null,
  planNote: null,
  planCheckedAt: 1,
  maxMinutes: null,
  ...over,
});

const job = (status: JobRecord['status']): JobRecord => jobRecord({ videoId: 'tvaHuman001', jobId: 1, status });

describe('estimate (spec: Billing rules 5 and 7)', () => {
  it.each([
    // mode, seconds, partial, maxMinutes, aiUnits, exceedsGuard (guard 50)
    ['smart', 624, false, null, 33, false],
    ['quick', 60, false, null, 3, false],
    ['auto', 61, false, null, 60, true], // Pro: auto may choose Deep, so its top is 30 per minute
    ['deep', 624, false, null, 330, true],
    ['smart', 7200, true, 30, 90, true],
    ['smart', 1, false, null, 3, false],
  ] as const)('%s %is partial=%s max=%s → %i AI Units', (mode, seconds, partial, maxMinutes, aiUnits, over) => {
    const e = estimate({
      mode,
      partial,
      durationSeconds: seconds,
      account: account({ maxMinutes }),
      guard: 50,
      job: null,
    });
    expect(e.aiUnits).toBe(aiUnits);
    expect(e.exceedsGuard).toBe(over);
    expect(e.worstCase).toBeNull();
  });

  it('auto is a range where Deep is allowed, standard where it is not; only the bottom can surely refuse', () => {
    const pro = estimate({
      mode: 'auto',
      partial: false,
      durationSeconds: 624,
      account: account({ aiUnits: 100 }),
      guard: 50,
      job: null,
    });
    expect(pro).toMatchObject({ aiUnits: 330, lowAiUnits: 33, exceedsGuard: true, exceedsBalance: false });
    const starter = estimate({
      mode: 'auto',
      partial: false,
      durationSeconds: 624,
      account: account({ plan: 'starter' }),
      guard: 50,
      job: null,
    });
    expect(starter).toMatchObject({ aiUnits: 33, lowAiUnits: null, exceedsGuard: false });
  });

  it('an unknown length is never cheap: no price, the worst case for the plan, and the guard always asks', () => {
    const e = estimate({
      mode: 'smart',
      partial: false,
      durationSeconds: null,
      account: account(),
      guard: 10_000,
      job: null,
    });
    expect(e.aiUnits).toBeNull();
    expect(e.worstCase).toBe(240 * 3);
    expect(e.exceedsGuard).toBe(true);
    const learned = estimate({
      mode: 'deep',
      partial: false,
      durationSeconds: null,
      account: account({ maxMinutes: 60 }),
      guard: 50,
      job: null,
    });
    expect(learned.worstCase).toBe(60 * 30);
    const unknownPlan = estimate({
      mode: 'smart',
      partial: false,
      durationSeconds: null,
      account: account({ plan: null }),
      guard: 50,
      job: null,
    });
    expect(unknownPlan.worstCase).toBe(480 * 3);
  });

  it('a length only the page vouches for is shown, never priced: the worst case, and the guard always asks', () => {
    const input = { mode: 'smart', partial: false, durationSeconds: 200, account: account(), guard: 10_000, job: null };
    const e = estimate({ ...input, mode: 'smart', pageOnly: true });
    expect(e).toMatchObject({ aiUnits: null, pageAiUnits: 12, worstCase: 720, exceedsGuard: true, minutes: 4 });
    // Auto on Pro: the page's figure is the top of its range, and no range is offered as a price.
    const auto = estimate({ ...input, mode: 'auto', pageOnly: true });
    expect(auto).toMatchObject({ aiUnits: null, lowAiUnits: null, pageAiUnits: 120, worstCase: 7200 });
    // A balance the page's figure already exceeds still keeps the button off.
    const poor = estimate({ ...input, mode: 'smart', pageOnly: true, account: account({ aiUnits: 5 }) });
    expect(poor.exceedsBalance).toBe(true);
    // Already paid: nothing to price, the page or not.
    const paid = estimate({ ...input, mode: 'smart', pageOnly: true, job: job('ready') });
    expect(paid).toMatchObject({ aiUnits: 0, exceedsGuard: false, alreadyPaid: true });
    expect(paid.pageAiUnits).toBeUndefined();
  });

  it.each(['queued', 'processing', 'ready'] as const)('a %s job on this account costs nothing again', (status) => {
    const e = estimate({
      mode: 'smart',
      partial: false,
      durationSeconds: null,
      account: account(),
      guard: 0,
      job: job(status),
    });
    expect(e).toMatchObject({ aiUnits: 0, alreadyPaid: true, exceedsGuard: false, worstCase: null });
  });

  it('an analysis imported from a file makes nothing already paid: the account’s own is priced in full', () => {
    const e = estimate({
      mode: 'smart',
      partial: false,
      durationSeconds: 600,
      account: account(),
      guard: 50,
      job: { ...job('ready'), source: 'import' },
    });
    expect(e).toMatchObject({ aiUnits: 30, alreadyPaid: false, exceedsGuard: false });
  });

  it.each(['failed', 'lost'] as const)('a %s job is paid again', (status) => {
    const e = estimate({
      mode: 'smart',
      partial: false,
      durationSeconds: 600,
      account: account(),
      guard: 50,
      job: job(status),
    });
    expect(e).toMatchObject({ aiUnits: 30, alreadyPaid: false });
  });

  it('flags a price above the balance and Deep on a plan without it', () => {
    expect(
      estimate({
        mode: 'smart',
        partial: false,
        durationSeconds: 6000,
        account: account({ aiUnits: 10 }),
        guard: 50,
        job: null,
      }).exceedsBalance,
    ).toBe(true);
    expect(
      estimate({
        mode: 'deep',
        partial: false,
        durationSeconds: 60,
        account: account({ plan: 'starter' }),
        guard: 50,
        job: null,
      }).modeAllowed,
    ).toBe(false);
  });
});

describe('Deep by plan (one plan table)', () => {
  it.each([
    ['free', false],
    ['starter', false],
    ['pro', true],
    ['team', true],
    [null, true],
  ] as const)('%s → %s', (plan, allowed) => {
    expect(allowsDeep(plan)).toBe(allowed);
  });
});
