import { accountKey } from '../../../utils/account/key';
import { rateLimitedSeconds } from '../../../utils/api/errors';
import { createScheduler, type Scheduler } from '../../../utils/scheduler';
import { accountStore } from './account-store';
import { rateLog } from './rate-log';

/**
 * The scheduler's clock: monotonic within a worker (setting the wall clock back must not hold requests for a
 * day) and in wall-clock ms, so the limits a stopped worker logged mean the same to the next one.
 */
const clock = () => performance.timeOrigin + performance.now();

/** One scheduler per token, because the service's limits are per token; the current one is kept. */
export function createSchedulers() {
  let scheduler: { token: string; value: Scheduler; ready: Promise<void> } | null = null;

  /** The token's scheduler, once it holds the requests an earlier worker logged (rate-log.ts). */
  async function schedulerFor(token: string): Promise<Scheduler> {
    if (scheduler?.token !== token) {
      const key = accountKey(token);
      const value = createScheduler({
        rateLimitedSeconds,
        now: clock,
        onLog: async (requests) => rateLog.save(await key, requests),
      });
      const ready = key
        .then((k) => rateLog.load(k))
        .then((requests) => value.restore(requests))
        .catch(() => undefined);
      scheduler = { token, value, ready };
      void accountStore.get().then((account) => {
        if (account.plan && scheduler?.token === token) scheduler.value.setPlan(account.plan);
      });
    }
    const { value, ready } = scheduler;
    await ready;
    return value;
  }

  return {
    schedulerFor,
    setPlan: (plan: Parameters<Scheduler['setPlan']>[0]) => scheduler?.value.setPlan(plan),
  };
}
