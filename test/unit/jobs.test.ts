import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../utils/api/errors';
import type { Job } from '../../utils/api/schemas';
import { createPoller, MAX_POLLS, MAX_UNREADABLE, NotThisAccount } from '../../utils/jobs/poller';
import type { JobRecord } from '../../utils/jobs/store';
import { jobRecord } from '../builders';

function record(jobId: number, overrides: Partial<JobRecord> = {}): JobRecord {
  const videoId = `video${String(jobId).padStart(6, '0')}`;
  return jobRecord({ videoId, jobId, startedAt: Date.now(), nextPollAt: Date.now() + 10_000, ...overrides });
}

function memoryStore(initial: JobRecord[] = []) {
  const map = new Map(initial.map((r) => [r.videoId, r]));
  return { map, all: async () => [...map.values()], put: async (r: JobRecord) => void map.set(r.videoId, r) };
}

describe('job poller', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('polls every 10 s and stops the moment the job is ready', async () => {
    const answers: Job[] = [
      { jobId: 1, status: 'queued' },
      { jobId: 1, status: 'processing' },
      { jobId: 1, status: 'ready', artifact: { summary: 'done' } },
    ];
    const polledAt: number[] = [];
    const fetchJob = vi.fn(async () => {
      polledAt.push(Date.now());
      return answers.shift() ?? { jobId: 1, status: 'ready' as const };
    });
    const updates: Array<[string, boolean]> = [];
    const store = memoryStore();
    const poller = createPoller({
      store,
      fetchJob,
      onUpdate: (r, job) => void updates.push([r.status, Boolean(job?.artifact)]),
    });
    await poller.track(record(1));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchJob).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchJob).toHaveBeenCalledTimes(3);
    expect(polledAt.map((t, i) => t - (polledAt[i - 1] ?? 1_000_000))).toEqual([10_000, 10_000, 10_000]);
    expect(updates).toEqual([
      ['queued', false],
      ['processing', false],
      ['ready', true],
    ]);
    expect(store.map.get('video000001')?.status).toBe('ready');
    expect(store.map.get('video000001')?.endedAt).toBe(1_030_000);
    expect(poller.pendingCount()).toBe(0);
  });

  it('records a failure with its code and whether it can be retried', async () => {
    const store = memoryStore();
    const poller = createPoller({
      store,
      fetchJob: async () => ({
        jobId: 2,
        status: 'failed',
        errorCode: 'frames_unreadable',
        error: 'No frames',
        retryable: true,
      }),
      onUpdate: () => {},
    });
    await poller.track(record(2));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.map.get('video000002')).toMatchObject({
      status: 'failed',
      error: { code: 'frames_unreadable', message: 'No frames', retryable: true },
    });
  });

  it('records only the service’s own retryable: false as such; a failure that says nothing can be retried', async () => {
    const store = memoryStore();
    const refused: Job = { jobId: 2, status: 'failed', errorCode: 'age_restricted', error: 'No', retryable: false };
    const unsaid: Job = { jobId: 3, status: 'failed', errorCode: 'frames_unreadable', error: 'No frames' };
    const poller = createPoller({
      store,
      fetchJob: async (r) => (r.jobId === 2 ? refused : unsaid),
      onUpdate: () => {},
    });
    await poller.track(record(2));
    await poller.track(record(3));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.map.get('video000002')?.error?.retryable).toBe(false);
    expect(store.map.get('video000003')?.error?.retryable).toBe(true);
  });

  it('marks a job the service does not know (404) as lost and stops polling it', async () => {
    const store = memoryStore();
    const fetchJob = vi.fn(async (): Promise<Job> => {
      throw new ServiceError(404, 'not_found', 'Unknown job');
    });
    const poller = createPoller({ store, fetchJob, onUpdate: () => {} });
    await poller.track(record(3));
    await vi.advanceTimersByTimeAsync(100_000);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    expect(store.map.get('video000003')).toMatchObject({ status: 'lost', error: { code: 'not_found' } });
  });

  it('keeps polling through network trouble', async () => {
    let calls = 0;
    const store = memoryStore();
    const poller = createPoller({
      store,
      fetchJob: async () => {
        calls += 1;
        if (calls < 3) throw new ServiceError(0, 'network', 'offline');
        return { jobId: 4, status: 'ready' };
      },
      onUpdate: () => {},
    });
    await poller.track(record(4));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(3);
    expect(store.map.get('video000004')?.status).toBe('ready');
  });

  it('resumes pending jobs from storage after a restart, and ignores ended ones', async () => {
    const store = memoryStore([
      record(5, { nextPollAt: 1_000_000 - 5_000 }),
      record(6, { status: 'ready', nextPollAt: null, endedAt: 900_000 }),
    ]);
    const fetchJob = vi.fn(async ({ jobId }: JobRecord): Promise<Job> => ({ jobId, status: 'ready' }));
    const poller = createPoller({ store, fetchJob, onUpdate: () => {} });
    await poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    expect(fetchJob).toHaveBeenCalledWith(expect.objectContaining({ jobId: 5 }));
    await poller.resume();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchJob).toHaveBeenCalledTimes(1);
  });

  it('never has two requests in flight for one job, even when resumed twice', async () => {
    const pending: { resolve?: (job: Job) => void } = {};
    const fetchJob = vi.fn(
      () =>
        new Promise<Job>((r) => {
          pending.resolve = r;
        }),
    );
    const store = memoryStore([record(7, { nextPollAt: 1_000_000 })]);
    const poller = createPoller({ store, fetchJob, onUpdate: () => {} });
    await poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    await poller.resume();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    pending.resolve?.({ jobId: 7, status: 'processing' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchJob).toHaveBeenCalledTimes(2);
  });

  it('polls many jobs with one timer and each on its own 10 s rhythm', async () => {
    const polls: number[] = [];
    const store = memoryStore();
    const poller = createPoller({
      store,
      fetchJob: async ({ jobId }) => {
        polls.push(jobId);
        return { jobId, status: 'processing' };
      },
      onUpdate: () => {},
    });
    await poller.track(record(10));
    await vi.advanceTimersByTimeAsync(5_000);
    await poller.track(record(11));
    await vi.advanceTimersByTimeAsync(25_000);
    expect(polls).toEqual([10, 11, 10, 11, 10]);
    expect(vi.getTimerCount()).toBe(1);
    poller.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps polling every 10 s when the wall clock is set back a day mid-job', async () => {
    const polledAt: number[] = [];
    let calls = 0;
    const store = memoryStore();
    const poller = createPoller({
      store,
      fetchJob: async ({ jobId }) => {
        polledAt.push(performance.now());
        calls++;
        return { jobId, status: calls >= 4 ? 'ready' : 'processing' };
      },
      onUpdate: () => {},
    });
    await poller.track(record(20));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
    vi.setSystemTime(Date.now() - 24 * 3600 * 1000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(4);
    expect(store.map.get('video000020')?.status).toBe('ready');
  });

  it('goes on after a step throws (storage or a listener), and keeps the timer alive', async () => {
    const problems: unknown[] = [];
    let calls = 0;
    let failWrites = true;
    const store = memoryStore();
    const poller = createPoller({
      store: {
        all: store.all,
        put: async (r) => {
          if (failWrites && r.polls > 0) throw new Error('QuotaExceededError');
          await store.put(r);
        },
      },
      fetchJob: async ({ jobId }) => {
        calls++;
        return { jobId, status: 'processing' };
      },
      onUpdate: () => {},
      onProblem: (error) => problems.push(error),
    });
    await poller.track(record(21));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toBe(2);
    expect(problems).toHaveLength(2);
    failWrites = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    expect(store.map.get('video000021')?.polls).toBe(3);
  });

  it('stops at once on 401 or 403, with a sentence and a free way to look again', async () => {
    const store = memoryStore();
    const fetchJob = vi.fn(async (): Promise<Job> => {
      throw new ServiceError(401, 'unauthorized', 'bad token');
    });
    const poller = createPoller({ store, fetchJob, onUpdate: () => {} });
    await poller.track(record(22));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    const ended = store.map.get('video000022');
    expect(ended?.status).toBe('lost');
    expect(ended?.error?.code).toBe('unauthorized');
    expect(ended?.error?.message).toMatch(/look again \(free\)/);
  });

  it(`gives up after ${MAX_UNREADABLE} unreadable answers in a row`, async () => {
    const store = memoryStore();
    const fetchJob = vi.fn(async (): Promise<Job> => {
      throw new ServiceError(200, 'bad_response', 'unreadable');
    });
    const poller = createPoller({ store, fetchJob, onUpdate: () => {} });
    await poller.track(record(23));
    await vi.advanceTimersByTimeAsync(10_000 * (MAX_UNREADABLE + 3));
    expect(fetchJob).toHaveBeenCalledTimes(MAX_UNREADABLE);
    expect(store.map.get('video000023')?.error?.code).toBe('bad_response');
  });

  it('ends a job that never finishes as lost after the stated limit of polls', async () => {
    const store = memoryStore();
    const poller = createPoller({
      store,
      fetchJob: async ({ jobId }) => ({ jobId, status: 'processing' }),
      onUpdate: () => {},
    });
    await poller.track(record(24, { polls: MAX_POLLS - 2 }));
    await vi.advanceTimersByTimeAsync(30_000);
    const ended = store.map.get('video000024');
    expect(ended?.status).toBe('lost');
    expect(ended?.error?.code).toBe('poll_timeout');
    expect(poller.pendingCount()).toBe(0);
  });
});

describe('job poller and accounts', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('drops a job of another account without ending or rewriting it', async () => {
    const store = memoryStore();
    const fetchJob = vi.fn(async (): Promise<Job> => {
      throw new NotThisAccount('job 30');
    });
    const poller = createPoller({ store, fetchJob, onUpdate: () => {} });
    await poller.track(record(30));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    expect(store.map.get('video000030')?.status).toBe('queued');
    expect(poller.pendingCount()).toBe(0);
  });
});
