import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BulkRun, cancelRun, newRun } from '../../utils/bulk/run';
import { bulkStore } from '../../utils/bulk/store';

const run = (runId: string, account: string, startedAt: number, ended = false): BulkRun => {
  const fresh = newRun(
    {
      runId,
      account,
      channel: '@tvabig',
      channelId: null,
      title: 'TVA Big Archive',
      selection: ['a'],
      lang: 'en',
      format: 'srt',
      toBuy: ['a'],
    },
    startedAt,
  );
  return ended ? cancelRun(fresh, startedAt + 1) : fresh;
};

beforeEach(() => fakeBrowser.reset());

describe('bulkStore', () => {
  it('keeps each run under its own key, per account; another account sees none of them', async () => {
    await bulkStore.add(run('r1', 'acct-a', 1));
    await bulkStore.add(run('r2', 'acct-a', 2));
    expect((await bulkStore.all('acct-a')).map((r) => r.runId)).toEqual(['r2', 'r1']);
    expect(await bulkStore.all('acct-b')).toEqual([]);
    expect(await bulkStore.get('acct-b', 'r1')).toBeNull();
    expect(await bulkStore.all('')).toEqual([]);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).sort()).toEqual([
      'bulkRun:r1',
      'bulkRun:r2',
      'bulkRunIndex',
    ]);
  });

  it('updates one run at a time: concurrent steps all land', async () => {
    await bulkStore.add(run('r1', 'acct', 1));
    await Promise.all(
      ['x', 'y', 'z'].map((id) => bulkStore.update('acct', 'r1', (r) => ({ ...r, delivered: [...r.delivered, id] }))),
    );
    expect((await bulkStore.get('acct', 'r1'))?.delivered.sort()).toEqual(['x', 'y', 'z']);
    expect(await bulkStore.update('acct', 'gone', (r) => r)).toBeNull();
  });

  it('steps asked for together: one write, each answered with the run as its own step left it, a failing one alone', async () => {
    await bulkStore.add(run('r1', 'acct', 1));
    const writes: number[] = [];
    fakeBrowser.storage.local.onChanged.addListener((changes) => {
      const next = changes['bulkRun:r1']?.newValue as BulkRun | undefined;
      if (next) writes.push(next.delivered.length);
    });
    const add = (id: string) => bulkStore.update('acct', 'r1', (r) => ({ ...r, delivered: [...r.delivered, id] }));
    const failing = bulkStore.update('acct', 'r1', () => {
      throw new Error('no');
    });
    const [x, y, z] = await Promise.all([add('x'), add('y'), add('z')]);
    await expect(failing).rejects.toThrow('no');
    expect([x?.delivered, y?.delivered, z?.delivered]).toEqual([['x'], ['x', 'y'], ['x', 'y', 'z']]);
    // One read and write for the four steps (each its own, in series, before: [1, 2, 3]).
    expect(writes).toEqual([3]);
    expect((await bulkStore.get('acct', 'r1'))?.delivered).toEqual(['x', 'y', 'z']);
  });

  it('forgets the oldest ended runs beyond ten when trimmed; running ones are always kept', async () => {
    await bulkStore.add(run('running', 'acct', 0));
    for (let i = 1; i <= 12; i++) await bulkStore.add(run(`ended${i}`, 'acct', i, true));
    // Adding reads no run: all 13 are there until the account is trimmed (a run's end does it).
    expect(await bulkStore.all('acct')).toHaveLength(13);
    await bulkStore.trim('acct');
    const kept = (await bulkStore.all('acct')).map((r) => r.runId);
    expect(kept).toHaveLength(11);
    expect(kept).toContain('running');
    expect(kept).not.toContain('ended1');
    expect(kept).not.toContain('ended2');
    expect(await fakeBrowser.storage.local.get('bulkRun:ended1')).toEqual({});
  });
});
