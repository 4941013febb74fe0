import { browser } from 'wxt/browser';
import type { Job } from '../../utils/api/schemas';
import { createPoller } from '../../utils/jobs';
import { isPending, type JobRecord, jobStore } from '../../utils/jobs-store';
import type { CachedAnalysis } from './analysis';
import type { Core } from './core';
import { broadcastAnalysis, notifyEnded, updateBadge } from './notify';

const BACKSTOP_ALARM = 'tl-poll-backstop';

/**
 * Ties the poller to the rest of the background: caches the artifact when a job is ready, tells every
 * tab and page showing the video, notifies when nobody is watching, keeps the badge and the backstop
 * alarm in step with the number of running analyses.
 */
export function createTracking(core: Core) {
  async function ended(record: JobRecord, job: Job | null): Promise<void> {
    if (record.status === 'ready' && job?.artifact !== undefined) {
      const cached: CachedAnalysis = { jobId: record.jobId, artifact: job.artifact };
      await (await core.cache()).put('analysis', record.videoId, cached);
    }
  }

  async function afterChange(record: JobRecord, job: Job | null): Promise<void> {
    if (!isPending(record)) await ended(record, job);
    const pending = poller.pendingCount();
    await Promise.all([broadcastAnalysis(record.videoId), updateBadge(pending), syncAlarm(pending)]);
    if (!isPending(record) && record.notify) await notifyEnded(record);
  }

  const poller = createPoller({
    store: jobStore,
    fetchJob: (jobId) => core.rest('poll', 'background', (client) => client.getJob(jobId)),
    onUpdate: afterChange,
  });

  async function syncAlarm(pending: number): Promise<void> {
    if (pending > 0) {
      const existing = await browser.alarms.get(BACKSTOP_ALARM);
      // Packed builds clamp alarms to 30 s: the backstop wakes a worker that was stopped mid-poll.
      if (!existing) await browser.alarms.create(BACKSTOP_ALARM, { periodInMinutes: 0.5 });
    } else {
      await browser.alarms.clear(BACKSTOP_ALARM);
    }
  }

  return {
    poller,
    isBackstop: (name: string) => name === BACKSTOP_ALARM,
    /** A new or re-joined job: poll it when pending, else record its end. */
    async track(record: JobRecord, job: Job | null): Promise<void> {
      await poller.track(record);
      await afterChange(record, job);
    },
    async resume(): Promise<void> {
      await poller.resume();
      const pending = poller.pendingCount();
      await Promise.all([updateBadge(pending), syncAlarm(pending)]);
    },
  };
}
