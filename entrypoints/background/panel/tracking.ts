import { browser } from 'wxt/browser';
import type { Job } from '../../../utils/api/schemas';
import { isPending } from '../../../utils/jobs/pending';
import { createPoller, NotThisAccount } from '../../../utils/jobs/poller';
import { isFollowable, type JobRecord, jobStore } from '../../../utils/jobs/store';
import type { Core } from '../core/core';
import { broadcastAnalysis, notifyEnded, updateBadge } from '../surfaces/notify';
import type { Till } from '../till';
import { keepArtifact } from './analysis';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'connection' | 'inflight' | 'keeper' | 'mcp' | 'rest' | 'setPlan'> & {
  till: Till;
};

const BACKSTOP_ALARM = 'tl-poll-backstop';

/**
 * Ties the poller to the rest of the background: keeps the artifact when a job is ready, tells every
 * tab and page showing the video, notifies when nobody is watching, keeps the badge and the backstop
 * alarm in step with the number of running analyses. Only the current account's jobs are polled.
 */
export function createTracking(core: CoreNeeds) {
  async function afterChange(record: JobRecord, job: Job | null): Promise<boolean> {
    let stored = true;
    if (record.status === 'ready' && job?.artifact !== undefined)
      stored = await keepArtifact(core, record, job.artifact);
    // Telling tabs, the badge, the alarm and notifications is best effort: a browser without one of them
    // must never turn a start the service already charged into an error, nor stop the poller.
    const pending = poller.pendingCount();
    const told = [broadcastAnalysis(record.videoId), updateBadge(pending), syncAlarm(pending)];
    if (!isPending(record) && record.notify) told.push(notifyEnded(record));
    for (const result of await Promise.allSettled(told)) {
      if (result.status === 'rejected') console.warn('Transcript Lens: could not tell about a job', result.reason);
    }
    return stored;
  }

  const poller = createPoller({
    store: {
      // An imported job's id came from a file, an unnumbered one has none: neither is ever polled.
      all: async () => (await jobStore.all(await core.account())).filter(isFollowable),
      put: (record) => jobStore.put(record),
    },
    fetchJob: async (record) => {
      // Another account's job is never polled with this token.
      if (record.account !== (await core.account()) || !isFollowable(record)) {
        throw new NotThisAccount(`job ${record.jobId}`);
      }
      return core.rest('poll', 'background', (client) => client.getJob(record.jobId));
    },
    onUpdate: async (record, job) => {
      await afterChange(record, job);
    },
    onProblem: (error) => console.warn('Transcript Lens: a polling step failed and polling goes on', error),
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

  async function resume(): Promise<void> {
    await poller.resume();
    const pending = poller.pendingCount();
    await Promise.all([updateBadge(pending), syncAlarm(pending)]);
  }

  return {
    poller,
    isBackstop: (name: string) => name === BACKSTOP_ALARM,
    /** A new or re-joined job: poll it when pending, else record its end. */
    async track(record: JobRecord, job: Job | null): Promise<{ stored: boolean }> {
      await poller.track(record);
      return { stored: await afterChange(record, job) };
    },
    resume,
    /** Once the answer being stored for this job is stored and told (its artifact kept). */
    settled: (jobId: number) => poller.settled(jobId),
    /** The token changed or was removed: stop the old account's polls, pick up the new one's. */
    async switchAccount(): Promise<void> {
      poller.stop();
      await resume();
    },
  };
}

export type Tracking = ReturnType<typeof createTracking>;
