import { accountKey } from '../../../utils/account/key';
import { createApiClient } from '../../../utils/api/client';
import { ServiceError } from '../../../utils/api/errors';
import type { McpOptions } from '../../../utils/api/mcp';
import { type Cache, openCache } from '../../../utils/cache';
import { createInflight } from '../../../utils/inflight';
import { type Lane, type Priority, type Turn, WithdrawnBeforeSending } from '../../../utils/scheduler';
import { cacheBudgetBytes, readSettings } from '../../../utils/settings';
import { accountStore } from './account-store';
import { createConnection } from './connection';
import { createKeeper } from './keeper';
import { createSchedulers } from './schedulers';
import { createToolSchemas } from './tool-schemas';

type Client = ReturnType<typeof createApiClient>;

/**
 * HTTP requests one MCP tool call makes on the stateless server (utils/api/mcp.ts): initialize, the initialized
 * notification, the GET the SDK opens for server messages (answered 405), and tools/call. Each counts.
 */
const MCP_REQUESTS_PER_CALL = 4;

/**
 * A fetch whose every request is counted in the turn's limits (each leaves only through `turn.send`);
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

/**
 * The background's shared services. The token is kept in this worker's memory once read (never outside this
 * worker), read again when it changes; one scheduler per token, because the service's limits are per token.
 */
export function createCore() {
  const inflight = createInflight();
  const { connection, forgetConnection, sendable } = createConnection();
  const { schedulerFor, setPlan } = createSchedulers();
  let cachePromise: Promise<Cache> | null = null;
  /** Videos whose saved transcripts eviction leaves alone for now (bulk runs whose file is not saved yet). */
  const pinnedVideos = new Set<string>();

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
    // is done before the limits have room, and the request leaves when they do.
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
    setPlan,
  };
}

export type Core = ReturnType<typeof createCore>;
