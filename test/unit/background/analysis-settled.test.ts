import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { analysisState } from '../../../entrypoints/background/panel/analysis';
import { createInflight } from '../../../utils/inflight';
import { createPoller } from '../../../utils/jobs/poller';
import { jobStore } from '../../../utils/jobs/store';
import { jobRecord } from '../../builders';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a ready analysis asked for while the poller keeps its artifact', () => {
  it('waits for the keep instead of asking the service for the job again', async () => {
    const record = jobRecord({ status: 'ready', jobId: 7, videoId: 'tvaHuman001', nextPollAt: null });
    await jobStore.put(record);
    let kept: unknown = null;
    const rest = vi.fn(async () => ({ jobId: 7, status: 'ready', artifact: { summary: 'asked again' } }));
    const core = {
      account: async () => record.account,
      keeper: { get: async () => (kept ? { value: kept } : null), put: async () => true },
      inflight: createInflight(),
      rest,
    } as never;
    // The record says ready; the artifact is kept a moment later (the poller's answer still settling).
    const polls = {
      settled: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        kept = { jobId: 7, artifact: { summary: 'kept' } };
      },
    };
    const state = await analysisState(core, 'tvaHuman001', polls);
    expect(state.artifact).toEqual({ summary: 'kept' });
    expect(rest).not.toHaveBeenCalled();
  });
});

describe('the poller says when an answer is stored and told', () => {
  it('settled(jobId) waits for the record written and the update told, then resolves', async () => {
    let told = () => {};
    const telling = new Promise<void>((resolve) => {
      told = resolve;
    });
    const stored: string[] = [];
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const poller = createPoller({
        store: { all: async () => [], put: async (r) => void stored.push(r.status) },
        fetchJob: async () => ({ jobId: 7, status: 'ready' as const, artifact: { summary: 'done' } }),
        onUpdate: () => telling,
      });
      await poller.track(jobRecord({ jobId: 7, status: 'processing', nextPollAt: 1_000_000 + 10_000 }));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(stored).toEqual(['processing', 'ready']);
      let settled = false;
      void poller.settled(7).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      told();
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(true);
      // Nothing settling: at once.
      await expect(poller.settled(8)).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
