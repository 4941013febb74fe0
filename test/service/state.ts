import { type Account, seedAccounts } from './accounts';
import { createJobStore, type JobStore } from './jobs';
import { createRateWindows, type RateWindows } from './rate-limit';

export type Charge = {
  token: string;
  kind: 'cloud' | 'ai';
  amount: number;
  reason: string;
  videoId?: string;
  at: number;
};
/**
 * A request as it arrived (before faults, limits or processing); `seq` numbers arrivals since the last reset;
 * `direct` when a test sent it itself (the `X-Test-Direct` header), not the client under test.
 */
export type Arrival = { seq: number; method: string; path: string; token?: string; at: number; direct?: true };
/**
 * A request once answered: `at` is when the answer was ready, `aborted` when the client had gone by then,
 * `injected` when the answer was an injected fault's (its status is the fault's, not the service's own).
 */
export type RequestEntry = {
  method: string;
  path: string;
  status: number;
  token?: string;
  at: number;
  seq: number;
  arrivedAt: number;
  aborted?: true;
  injected?: true;
  direct?: true;
};
/** Which requests a fault or slow rule applies to: a path prefix and, on /mcp, optionally one tool ('*': any). */
export type RequestMatch = { path: string; tool?: string };
/** Every matching request is held `delayMs`: before processing, or after it with `processFirst`. */
export type SlowRule = RequestMatch & { delayMs: number; processFirst?: boolean };
export type Fault = RequestMatch & {
  /** Process the request first (charges, jobs), then hold `delayMs`, then answer (replaced if status/body/text). */
  processFirst?: boolean;
  status?: number;
  delayMs?: number;
  /** A JSON value to send, or 'malformed' for truncated JSON. */
  body?: unknown;
  /** Sent byte for byte instead of `body` (an HTML page, plain text, '' for an empty body). */
  text?: string;
  /** Default application/json, or text/plain for `text`. */
  contentType?: string;
  /** Sent as is: a number, or any string ('0', '1.5', an HTTP-date, garbage). */
  retryAfter?: number | string;
  headers?: Record<string, string>;
  /** How many more requests it applies to. */
  times: number;
};
export type JobFailure = { errorCode: string; retryable: boolean };
/**
 * How one MCP tool is published and answered, changed by `/__control/mcp-tools`: its arguments under other names
 * (`rename`: our name → published name), some not published at all (`drop`), or every call of it answered with a
 * JSON-RPC error (`rpcError`) before anything is run.
 */
export type ToolShape = {
  rename?: Record<string, string>;
  drop?: string[];
  rpcError?: { code: number; message: string };
};

export type ServiceOptions = {
  /** Default job duration in ms (queued for the first third, then processing). */
  jobMs: number;
  /** The service clock in ms since the epoch; injectable so tests need not sleep. */
  now: () => number;
};

/** Everything the service remembers. `reset` puts it back to the seed. */
export type ServiceState = ServiceOptions & {
  accounts: Map<string, Account>;
  charges: Charge[];
  requests: RequestEntry[];
  arrivals: Arrival[];
  /** Requests arrived since the last reset and not yet answered. */
  inFlight: Set<Arrival>;
  faults: Fault[];
  slow: SlowRule[];
  /** Aborted by a reset: ends every delay in progress (held requests then answer without processing). */
  holds: AbortController;
  jobs: JobStore;
  jobConfig: { durationMs: number; failNext?: JobFailure };
  overrides: Map<string, { artifact?: unknown; answer?: unknown }>;
  /** Tool name → how it is published and answered (the default when absent). */
  toolShapes: Map<string, ToolShape>;
  unavailable: boolean;
  limitsEnabled: boolean;
  windows: RateWindows;
  /** token:videoId → lookups made of a flaky video. */
  flakyAttempts: Map<string, number>;
  /** token:videoId of captionless videos already transcribed from audio (replays cost no AI Units). */
  transcribed: Set<string>;
};

function seed(options: ServiceOptions): Omit<ServiceState, keyof ServiceOptions> {
  return {
    accounts: seedAccounts(),
    charges: [],
    requests: [],
    arrivals: [],
    inFlight: new Set(),
    faults: [],
    slow: [],
    holds: new AbortController(),
    jobs: createJobStore(),
    jobConfig: { durationMs: options.jobMs },
    overrides: new Map(),
    toolShapes: new Map(),
    unavailable: false,
    limitsEnabled: true,
    windows: createRateWindows(),
    flakyAttempts: new Map(),
    transcribed: new Set(),
  };
}

export function createState(options: ServiceOptions): ServiceState {
  return { ...options, ...seed(options) };
}

export function resetState(state: ServiceState): void {
  state.holds.abort();
  Object.assign(state, seed(state));
}
