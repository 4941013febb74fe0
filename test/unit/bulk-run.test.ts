import { describe, expect, it } from 'vitest';
import {
  applyBatch,
  BATCH,
  type BulkRun,
  cancelRun,
  endPass,
  etaSeconds,
  markSaved,
  newRun,
  type Outcome,
  PASS_BACKOFF_MS,
  PASSES,
  recordStart,
  statusOf,
  stopRun,
  takeBatch,
} from '../../utils/bulk/run';
import { laneLimits } from '../../utils/scheduler/floor';

const ids = (n: number, prefix = 'vid') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`);

function run(toBuy: string[], selection = toBuy): BulkRun {
  return newRun(
    {
      runId: 'r1',
      account: 'acct',
      channel: '@tvademo',
      channelId: 'UCtvademo000000000000000',
      title: 'TVA Demo',
      selection,
      lang: 'en',
      format: 'srt',
      toBuy,
    },
    1_000,
  );
}

const answer = (entries: [string, Outcome][]) => new Map(entries);
const delivered: Outcome = { kind: 'delivered' };

/** Every id of the run is in exactly one of its lists. */
function partitioned(r: BulkRun): boolean {
  const all = [...r.pending, ...r.delivered, ...r.failed.map((f) => f.id), ...r.retry.map((f) => f.id)];
  return new Set(all).size === all.length && all.length === r.total;
}

describe('the persisted bulk run', () => {
  it('starts with every id to buy pending, once; nothing to buy is finished at once', () => {
    const r = run(['a', 'b', 'a', 'c']);
    expect([r.state, r.pending, r.total]).toEqual(['running', ['a', 'b', 'c'], 3]);
    expect(run([], ['a']).state).toBe('finished');
  });

  it('takes batches of at most 50 that leave out the ids in flight', () => {
    const r = run(ids(120));
    const first = takeBatch(r, new Set());
    expect(first).toHaveLength(BATCH);
    const second = takeBatch(r, new Set(first));
    expect(second).toHaveLength(BATCH);
    expect(second.some((id) => first.includes(id))).toBe(false);
    expect(takeBatch(r, new Set([...first, ...second]))).toHaveLength(20);
  });

  it('applies an answer: delivered, terminal and retryable leave pending; an id missing from it is retried', () => {
    const r = run(['a', 'b', 'c', 'd', 'e']);
    const next = applyBatch(
      r,
      answer([
        ['a', delivered],
        ['b', { kind: 'terminal', message: 'No captions.' }],
        ['c', { kind: 'retryable', message: 'Blocked.' }],
      ]),
      400,
    );
    expect(next.pending).toEqual(['d', 'e']);
    expect(next.delivered).toEqual(['a']);
    expect(next.failed).toEqual([{ id: 'b', message: 'No captions.' }]);
    expect(next.retry).toEqual([{ id: 'c', message: 'Blocked.' }]);
    expect(next.batchMs).toBe(400);
    expect(partitioned(next)).toBe(true);
    // The same answer applied twice (a step replayed after a restart) changes nothing more.
    expect(applyBatch(next, answer([['a', delivered]]), 400).delivered).toEqual(['a']);
  });

  it('ids found saved before a batch are done, not bought; ids not pending are ignored', () => {
    const r = markSaved(run(['a', 'b', 'c']), ['b', 'zzz']);
    expect([r.pending, r.delivered]).toEqual([['a', 'c'], ['b']]);
    expect(partitioned(r)).toBe(true);
  });

  it('passes: retryable failures come back after a growing backoff, then are reported after the last pass', () => {
    let r = applyBatch(
      run(['a', 'b']),
      answer([
        ['a', delivered],
        ['b', { kind: 'retryable', message: 'x' }],
      ]),
      10,
    );
    for (let pass = 1; pass < PASSES; pass++) {
      r = endPass(r, 50_000);
      expect([r.pass, r.pending, r.notBefore]).toEqual([pass, ['b'], 50_000 + PASS_BACKOFF_MS * pass]);
      r = applyBatch(r, answer([['b', { kind: 'retryable', message: `still ${pass}` }]]), 10);
    }
    r = endPass(r, 90_000);
    expect(r.state).toBe('finished');
    expect(r.failed).toEqual([{ id: 'b', message: `still ${PASSES - 1}` }]);
    expect([r.retry, r.endedAt]).toEqual([[], 90_000]);
    expect(statusOf(r, null)).toMatchObject({ done: 1, left: 0, state: 'finished' });
  });

  it('a pass does not end while ids are pending', () => {
    const r = run(['a']);
    expect(endPass(r, 5)).toBe(r);
  });

  it('a 402 stops it and the sentence counts what is left now; later steps do not restart it', () => {
    let r = applyBatch(run(ids(120)), answer(ids(50).map((id): [string, Outcome] => [id, delivered])), 10);
    r = stopRun(r, 'insufficient_cloud_requests', 'out', 2_000);
    expect(statusOf(r, null).message).toBe(
      'You are out of Cloud Requests. 70 videos are left; they would cost 70 Cloud Requests.',
    );
    // A batch in flight when the 402 came answers afterwards: what it delivered is recorded.
    r = applyBatch(
      r,
      answer(
        ids(120)
          .slice(50, 60)
          .map((id): [string, Outcome] => [id, delivered]),
      ),
      10,
    );
    expect(statusOf(r, null)).toMatchObject({ state: 'stopped', done: 60, left: 60 });
    expect(statusOf(r, null).message).toMatch(/60 videos are left/);
    expect(endPass(cancelRun(r, 3_000), 4_000).state).toBe('stopped');
  });

  it('cancel keeps what was delivered and the rest as left', () => {
    const r = cancelRun(applyBatch(run(['a', 'b']), answer([['a', delivered]]), 10), 7);
    expect(statusOf(r, null)).toMatchObject({ state: 'cancelled', done: 1, left: 1 });
    expect(stopRun(r, 'x', 'y', 8).state).toBe('cancelled');
  });

  it('keeps request starts of the last minute only', () => {
    let r = run(['a']);
    for (const at of [0, 30_000, 59_000, 70_000]) r = recordStart(r, at);
    expect(r.starts).toEqual([30_000, 59_000, 70_000]);
  });

  it('ETA: the remaining batches at the plan’s rate-limit floor after the run’s own starts, plus a batch', () => {
    const starter = laneLimits('rest', 'starter');
    let r = run(ids(500));
    // Five batches started at 0..4 s and answered (250 delivered): the burst window of 5 per 10 s is full.
    for (let i = 0; i < 5; i++) r = recordStart(r, i * 1_000);
    r = applyBatch(r, answer(ids(250).map((id): [string, Outcome] => [id, delivered])), 1_000);
    // Five more can start at 10..14 s; the last ends a batch later: 14 + 1 - 5 = 10 s from now.
    expect(etaSeconds(r, starter, 0, 5_000)).toBe(10);
    // Batches in flight are not counted again.
    expect(etaSeconds(r, starter, 100, 5_000)).toBe(8);
    expect(etaSeconds(cancelRun(r, 6_000), starter, 0, 6_000)).toBeNull();
    // A pass waiting for its backoff.
    const waiting = { ...r, pending: [], retry: [{ id: 'x', message: 'm' }], notBefore: 30_000, starts: [] };
    expect(etaSeconds(waiting, starter, 0, 20_000)).toBe(11);
  });
});
