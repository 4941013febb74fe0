import type { createApiClient } from '../../../utils/api/client';
import type { McpOptions } from '../../../utils/api/mcp';
import type { Lane, Priority } from '../../../utils/scheduler';
import type { ToolSchemas } from '../core/tool-schemas';
import type { Claims } from './claims';
import type { JournalStore } from './journal-store';
import type { Recorder } from './record';

type Client = ReturnType<typeof createApiClient>;

/** The part of the background's core the till sends through (the composition root, ../index.ts, builds the till on it). */
export type TillCore = {
  account(): Promise<string>;
  rest<T>(
    lane: Lane,
    priority: Priority,
    call: (client: Client) => Promise<T>,
    signal?: AbortSignal,
    onStatus?: (status: number) => void,
  ): Promise<T>;
  mcp<T>(call: (options: McpOptions) => Promise<T>): Promise<T>;
  /** The MCP tools' arguments by the server's published schema (../core/tool-schemas.ts). */
  tools: ToolSchemas;
};

/** What every kind of purchase in the till shares: the core, the claims, the journal and its recorder. */
export type TillParts = {
  core: TillCore;
  claims: Claims;
  record: Recorder;
  journal: JournalStore;
  /** Resolves once the account's journal was recovered from a stopped worker (./index.ts). */
  ready: (account: string) => Promise<void>;
  /** Learns the balances again when they are not fresh (free; failures leave the last ones seen). */
  freshBalances: () => Promise<void>;
};

/** What an MCP purchase (a search, a range) is handed: the core's account, MCP calls and tool schemas, claims, recorder. */
export type McpPurchaseParts = Pick<TillCore, 'account' | 'mcp' | 'tools'> & Pick<TillParts, 'claims' | 'record'>;
