import { createApiClient } from '../../utils/api/client';
import { rateLimitedSeconds } from '../../utils/api/errors';
import { type Cache, openCache } from '../../utils/cache';
import { createInflight } from '../../utils/inflight';
import { createScheduler, type Lane, type Priority, type Scheduler } from '../../utils/scheduler';
import { readToken } from '../../utils/secrets';
import { readSettings, type Settings } from '../../utils/settings';
import { accountStore } from './account-store';

type Client = ReturnType<typeof createApiClient>;

/**
 * The background's shared services. The token is read from storage for each call and never cached
 * outside this worker; one scheduler per token, because the service's limits are per token.
 */
export function createCore() {
  const inflight = createInflight();
  let scheduler: { token: string; value: Scheduler } | null = null;
  let cachePromise: Promise<Cache> | null = null;

  function schedulerFor(token: string): Scheduler {
    if (scheduler?.token !== token) {
      scheduler = { token, value: createScheduler({ rateLimitedSeconds }) };
      void accountStore.get().then((account) => {
        if (account.plan && scheduler?.token === token) scheduler.value.setPlan(account.plan);
      });
    }
    return scheduler.value;
  }

  async function connection(): Promise<{ settings: Settings; token: string }> {
    const [settings, token] = await Promise.all([readSettings(), readToken()]);
    return { settings, token };
  }

  /** Runs one REST call under the rate limits of its lane. */
  async function rest<T>(lane: Lane, priority: Priority, call: (client: Client) => Promise<T>): Promise<T> {
    const { settings, token } = await connection();
    const client = createApiClient({
      baseUrl: settings.serviceUrl,
      token,
      onBalances: (seen) => void accountStore.recordBalances(seen),
    });
    return schedulerFor(token).run({ lane, priority }, () => call(client));
  }

  /** Runs one MCP call (lane mcp) with the current address and token. */
  async function mcp<T>(call: (options: { baseUrl: string; token: string }) => Promise<T>): Promise<T> {
    const { settings, token } = await connection();
    return schedulerFor(token).run({ lane: 'mcp', priority: 'interactive' }, () =>
      call({ baseUrl: settings.serviceUrl, token }),
    );
  }

  function cache(): Promise<Cache> {
    cachePromise ??= readSettings().then((s) => openCache({ budgetBytes: s.cacheBudgetMb * 1024 * 1024 }));
    return cachePromise;
  }

  return {
    inflight,
    rest,
    mcp,
    cache,
    connection,
    setPlan: (plan: Parameters<Scheduler['setPlan']>[0]) => scheduler?.value.setPlan(plan),
  };
}

export type Core = ReturnType<typeof createCore>;
