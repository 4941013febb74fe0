import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RunningService, startService } from '../index';

/** A service on a free loopback port with the control API and a clock the test moves by hand. */
export type Harness = {
  url: string;
  service: RunningService;
  /** Moves the service clock forward. */
  advance: (ms: number) => void;
  call: (method: string, path: string, options?: CallOptions) => Promise<Reply>;
  post: (path: string, body: unknown, token?: string) => Promise<Reply>;
  get: (path: string, token?: string) => Promise<Reply>;
  control: (path: string, body?: unknown) => Promise<Reply>;
  ledger: () => Promise<Ledger>;
  /** Polls the ledger until `check` holds (default: nothing in flight); fails after `timeoutMs`. */
  until: (check?: (ledger: Ledger) => boolean, timeoutMs?: number) => Promise<Ledger>;
};

export type CallOptions = {
  token?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};
export type Reply = { status: number; headers: Headers; body: unknown; text: string };
export type Charge = {
  token: string;
  kind: 'cloud' | 'ai';
  amount: number;
  reason: string;
  videoId?: string;
  at: number;
};
export type Arrival = { seq: number; method: string; path: string; token?: string; at: number; direct?: true };
export type RequestEntry = Arrival & { status: number; arrivedAt: number; aborted?: true; injected?: true };
export type Ledger = { charges: Charge[]; requests: RequestEntry[]; arrivals: Arrival[]; inFlight: number };

export const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

/**
 * Starts one service for the file; before each test the seed is restored and, unless the file is about rate
 * limits, the limits are relaxed so tests are not slowed by the 5-per-10-s REST burst.
 */
export function useService(options: { limits?: boolean; jobMs?: number } = {}): Harness {
  let now = T0;
  const harness = {} as Harness;
  beforeAll(async () => {
    const service = await startService({ port: 0, control: true, jobMs: options.jobMs ?? 20_000, now: () => now });
    const call = async (method: string, path: string, o: CallOptions = {}): Promise<Reply> => {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token !== undefined) headers.Authorization = `Basic ${o.token}`;
      if (o.body !== undefined || o.raw !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(`${service.url}${path}`, {
        method,
        headers,
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.raw !== undefined ? { body: o.raw } : o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: response.status, headers: response.headers, body, text };
    };
    Object.assign(harness, {
      url: service.url,
      service,
      advance: (ms: number) => {
        now += ms;
      },
      call,
      post: (path: string, body: unknown, token = 'demo-pro') => call('POST', path, { token, body }),
      get: (path: string, token = 'demo-pro') => call('GET', path, { token }),
      control: (path: string, body?: unknown) =>
        call(
          body === undefined && path === '/ledger' ? 'GET' : 'POST',
          `/__control${path}`,
          body === undefined ? {} : { body },
        ),
      ledger: async () => (await call('GET', '/__control/ledger')).body as Ledger,
      until: async (check = (ledger: Ledger) => ledger.inFlight === 0, timeoutMs = 5_000) => {
        const deadline = performance.now() + timeoutMs;
        for (;;) {
          const ledger = (await call('GET', '/__control/ledger')).body as Ledger;
          if (check(ledger)) return ledger;
          if (performance.now() > deadline) throw new Error(`ledger: condition not met in ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    } satisfies Partial<Harness>);
  });
  beforeEach(async () => {
    now = T0;
    await harness.control('/reset', {});
    if (!options.limits) await harness.control('/limits', { enabled: false });
  });
  afterAll(async () => {
    await harness.service?.close();
  });
  return harness;
}
