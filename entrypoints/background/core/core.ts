import { browser } from 'wxt/browser';
import { accountKey } from '../../../utils/account-key';
import { createApiClient } from '../../../utils/api/client';
import { rateLimitedSeconds, ServiceError } from '../../../utils/api/errors';
import type { McpOptions } from '../../../utils/api/mcp';
import { type Cache, openCache } from '../../../utils/cache';
import { t } from '../../../utils/i18n/catalogue';
import { resolveLocale } from '../../../utils/i18n/load';
import { LANGUAGE_KEY } from '../../../utils/i18n/preference';
import { serviceLanguage } from '../../../utils/i18n/service-lang';
import { createInflight } from '../../../utils/inflight';
import {
  createScheduler,
  type Lane,
  type Priority,
  type Scheduler,
  type Turn,
  WithdrawnBeforeSending,
} from '../../../utils/scheduler';
import { readToken } from '../../../utils/secrets';
import { originPattern } from '../../../utils/service-url';
import { cacheBudgetBytes, readSettings, type Settings } from '../../../utils/settings';
import { accountStore } from './account-store';
import { createKeeper } from './keeper';
import { rateLog } from './rate-log';
import { createToolSchemas } from './tool-schemas';

type Client = ReturnType<typeof createApiClient>;

/**
 * HTTP requests one MCP tool call makes on the stateless server (utils/api/mcp.ts): initialize, the initialized
 * notification, the GET the SDK opens for server messages (answered 405), and tools/call. Each counts.
 */
const MCP_REQUESTS_PER_CALL = 4;

/**
 * The scheduler's clock: monotonic within a worker (setting the wall clock back must not hold requests for a
 * day) and in wall-clock ms, so the windows a stopped worker logged mean the same to the next one.
 */
const clock = () => performance.timeOrigin + performance.now();

/**
 * A fetch whose every request is counted in the turn's windows (each leaves only through `turn.send`);
 * `onStatus` hears each answer's status as soon as its headers arrive, before its body is read.
 */
const metered =
  (turn: Turn, onStatus?: (status: number) => void): typeof fetch =>
  async (input, init) => {
    const response = await turn
      .send(() => fetch(input, init))
      .catch((error: unknown) => {
        // Withdrawn while it waited for room: never sent, so never charged (the till journals it as refused).
        throw error instanceof WithdrawnBeforeSending
          ? new ServiceError(0, 'aborted', 'The request was cancelled.')
          : error;
      });
    onStatus?.(response.status);
    return response;
  };

const NOT_PERMITTED = (origin: string) => t('background.error.notPermitted', { origin });

/** What `connection` reads, by storage area: a change to one of them (by any page) makes it read again. */
const CONNECTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  local: ['settings', 'apiToken'],
  sync: [LANGUAGE_KEY],
};

type Connection = { settings: Settings; token: string };

/**
 * The background's shared services. The token is kept in this worker's memory once read (never outside this
 * worker), read again when it changes; one scheduler per token, because the service's limits are per token.
 */
export function createCore() {
  const inflight = createInflight();
  let scheduler: { token: string; value: Scheduler; ready: Promise<void> } | null = null;
  let cachePromise: Promise<Cache> | null = null;
  /** Videos whose saved transcripts eviction leaves alone for now (bulk runs whose file is not saved yet). */
  const pinnedVideos = new Set<string>();

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

  async function readConnection(): Promise<Connection> {
    const [settings, token, locale] = await Promise.all([readSettings(), readToken(), resolveLocale()]);
    return { settings: { ...settings, language: serviceLanguage(settings.language, locale) }, token };
  }

  /**
   * The connection as last read, until storage says one of its keys changed or this worker writes one
   * (forgetConnection). Every watch page's first question waited for three storage reads, 3–30 ms each time
   * on a two-core machine busy with the navigation (docs/benchmarks.md).
   */
  let known: Promise<Connection> | null = null;
  const forgetConnection = () => {
    known = null;
  };
  browser.storage.onChanged.addListener((changes, area) => {
    if (CONNECTION_KEYS[area]?.some((key) => key in changes)) forgetConnection();
  });

  /** The settings as requests use them: `language` resolved to a code (the interface's by default). */
  async function connection(): Promise<Connection> {
    if (!known) {
      const reading = readConnection();
      known = reading;
      // A failed read is not kept: the next call tries again.
      reading.catch(() => {
        if (known === reading) known = null;
      });
    }
    const { settings, token } = await known;
    return { settings: { ...settings }, token };
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
    onStatus?: (status: number) => void,
  ): Promise<T> {
    const { settings, token } = await sendable();
    // Early: the call sends only through the metered fetch, so what it does first (a purchase's journal entry)
    // is done before the windows have room, and the request leaves when they do.
    const options = { lane, priority, requests: 1, early: true, ...(signal && { signal }) };
    return (await schedulerFor(token)).run(options, (turn) =>
      call(
        createApiClient({
          baseUrl: settings.serviceUrl,
          token,
          fetch: metered(turn, onStatus),
          onBalances: (seen) => void accountStore.recordBalances(seen),
        }),
      ),
    );
  }

  /** Runs one MCP tool call (lane mcp) with the current address and token; each of its HTTP requests counts. */
  async function mcp<T>(call: (options: McpOptions) => Promise<T>): Promise<T> {
    const { settings, token } = await sendable();
    return (await schedulerFor(token)).run(
      { lane: 'mcp', priority: 'interactive', requests: MCP_REQUESTS_PER_CALL },
      (turn) => call({ baseUrl: settings.serviceUrl, token, fetch: metered(turn) }),
    );
  }

  function cache(): Promise<Cache> {
    // A failed open is not remembered: the next call tries again.
    cachePromise ??= readSettings()
      .then((s) =>
        openCache({
          budgetBytes: cacheBudgetBytes(s.cacheBudgetMb),
          pinned: (kind, key) => kind === 'transcript' && pinnedVideos.has(key.slice(0, key.lastIndexOf(':'))),
        }),
      )
      .catch((error: unknown) => {
        cachePromise = null;
        throw error;
      });
    return cachePromise;
  }

  // The token as requests send it (the connection, kept until it changes): read from storage at every call, it
  // was a bulk run's most frequent storage round trip, a few per batch and each behind the run's other writes.
  const account = async () => accountKey((await connection()).token);
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
    /** This worker wrote the settings or the token: the next `connection` reads them. */
    forgetConnection,
    /** The account key of the current token ('' when none). */
    account,
    setPlan: (plan: Parameters<Scheduler['setPlan']>[0]) => scheduler?.value.setPlan(plan),
  };
}

export type Core = ReturnType<typeof createCore>;
