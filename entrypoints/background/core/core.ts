import { browser } from 'wxt/browser';
import { accountKey } from '../../../utils/account-key';
import { createApiClient } from '../../../utils/api/client';
import { rateLimitedSeconds, ServiceError } from '../../../utils/api/errors';
import { type Cache, openCache } from '../../../utils/cache';
import { createInflight } from '../../../utils/inflight';
import { createScheduler, type Lane, type Priority, type Scheduler } from '../../../utils/scheduler';
import { readToken } from '../../../utils/secrets';
import { originPattern } from '../../../utils/service-url';
import { readSettings, type Settings } from '../../../utils/settings';
import { accountStore } from '../account/store';
import { createTill } from '../till';
import { createKeeper } from './keeper';
import { createToolSchemas } from './tool-schemas';

type Client = ReturnType<typeof createApiClient>;

const NOT_PERMITTED = (origin: string) =>
  `Transcript Lens has no permission to reach ${origin}. Save the service address again in the options to grant it.`;

/**
 * The background's shared services. The token is read from storage for each call and never cached
 * outside this worker; one scheduler per token, because the service's limits are per token.
 */
export function createCore() {
  const inflight = createInflight();
  let scheduler: { token: string; value: Scheduler } | null = null;
  let cachePromise: Promise<Cache> | null = null;
  /** Videos whose saved transcripts eviction leaves alone for now (bulk runs whose file is not saved yet). */
  const pinnedVideos = new Set<string>();

  function schedulerFor(token: string): Scheduler {
    if (scheduler?.token !== token) {
      // A monotonic clock: setting the wall clock back must not hold requests for a day.
      scheduler = { token, value: createScheduler({ rateLimitedSeconds, now: () => performance.now() }) };
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

  /** The token goes only to an address the person saved and whose host permission the browser granted. */
  async function sendable(): Promise<{ settings: Settings; token: string }> {
    const found = await connection();
    const pattern = originPattern(found.settings.serviceUrl);
    const granted = await browser.permissions.contains({ origins: [pattern] }).catch(() => false);
    if (!granted) throw new ServiceError(0, 'not_permitted', NOT_PERMITTED(new URL(found.settings.serviceUrl).origin));
    return found;
  }

  /** Runs one REST call under the rate limits of its lane; `signal` withdraws it while it still waits its turn. */
  async function rest<T>(
    lane: Lane,
    priority: Priority,
    call: (client: Client) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const { settings, token } = await sendable();
    const client = createApiClient({
      baseUrl: settings.serviceUrl,
      token,
      onBalances: (seen) => void accountStore.recordBalances(seen),
    });
    return schedulerFor(token).run({ lane, priority, ...(signal && { signal }) }, () => call(client));
  }

  /** Runs one MCP call (lane mcp) with the current address and token. */
  async function mcp<T>(call: (options: { baseUrl: string; token: string }) => Promise<T>): Promise<T> {
    const { settings, token } = await sendable();
    return schedulerFor(token).run({ lane: 'mcp', priority: 'interactive' }, () =>
      call({ baseUrl: settings.serviceUrl, token }),
    );
  }

  function cache(): Promise<Cache> {
    // A failed open is not remembered: the next call tries again.
    cachePromise ??= readSettings()
      .then((s) =>
        openCache({
          budgetBytes: s.cacheBudgetMb * 1024 * 1024,
          pinned: (kind, key) => kind === 'transcript' && pinnedVideos.has(key.slice(0, key.lastIndexOf(':'))),
        }),
      )
      .catch((error: unknown) => {
        cachePromise = null;
        throw error;
      });
    return cachePromise;
  }

  const account = async () => accountKey(await readToken());
  // The MCP tools' arguments, by the schema the server publishes (read once per session, free).
  const tools = createToolSchemas({
    mcp,
    key: async () => `${(await readSettings()).serviceUrl}\n${await account()}`,
  });
  return {
    inflight,
    rest,
    mcp,
    tools,
    /** Every request that can cost anything goes through the till (../till/index.ts). */
    till: createTill({ account, inflight, rest, mcp, tools }),
    cache,
    /** Videos whose transcripts must not be evicted until unpinned (a bulk run's, until its file is saved). */
    pin(videoIds: Iterable<string>) {
      for (const id of videoIds) pinnedVideos.add(id);
    },
    unpin(videoIds: Iterable<string>) {
      for (const id of videoIds) pinnedVideos.delete(id);
    },
    /** Paid results: written so that a failing write never loses them. */
    keeper: createKeeper(cache),
    connection,
    /** The account key of the current token ('' when none). */
    account,
    setPlan: (plan: Parameters<Scheduler['setPlan']>[0]) => scheduler?.value.setPlan(plan),
    /** Requests of the current token that another worker started (see Scheduler.seed). */
    seed: async (lane: Lane, agesMs: readonly number[]) => schedulerFor(await readToken()).seed(lane, agesMs),
  };
}

export type Core = ReturnType<typeof createCore>;
