import { PLANS, type Plan } from './plans';

/** Sliding-window logs per token and limit. Only admitted requests are recorded. */
export type RateWindows = Map<string, number[]>;
export type Limit = { name: string; limit: number; windowMs: number };
export type RateKind = 'rest' | 'poll' | 'start' | 'mcp' | 'mcp-start';

export function createRateWindows(): RateWindows {
  return new Map();
}

/** The fixed windows (spec: Limits); the plan's requests per minute come from the plan table. */
export const WINDOWS = {
  restBurst: { name: 'rest-burst', limit: 5, windowMs: 10_000 },
  mcpBurst: { name: 'mcp-burst', limit: 30, windowMs: 10_000 },
  analysisStarts: { name: 'analysis-starts', limit: 10, windowMs: 60_000 },
  polling: { name: 'polling', limit: 30, windowMs: 10_000 },
} as const satisfies Record<string, Limit>;
export const RPM_WINDOW_MS = 60_000;

const { restBurst: REST_BURST, mcpBurst: MCP_BURST, analysisStarts: STARTS, polling: POLLING } = WINDOWS;

/** The limits a request counts against. Polls skip the REST burst: the spec gives polling its own limit. */
export function limitsFor(kind: RateKind, plan: Plan): Limit[] {
  const rpm: Limit = { name: 'rpm', limit: PLANS[plan].rpm, windowMs: RPM_WINDOW_MS };
  switch (kind) {
    case 'rest':
      return [rpm, REST_BURST];
    case 'poll':
      return [rpm, POLLING];
    case 'start':
      return [rpm, REST_BURST, STARTS];
    case 'mcp':
      return [rpm, MCP_BURST];
    case 'mcp-start':
      return [rpm, MCP_BURST, STARTS];
  }
}

/**
 * Admits and records the request, or returns whole seconds until it would pass every limit (the strictest
 * wins: the longest wait among the full windows).
 */
export function admit(
  windows: RateWindows,
  token: string,
  limits: Limit[],
  now: number,
): { retryAfter: number } | null {
  let waitMs = 0;
  for (const { name, limit, windowMs } of limits) {
    const hits = prune(windows, `${token}:${name}`, now - windowMs);
    if (hits.length >= limit) {
      const oldestBlocking = hits[hits.length - limit] ?? now;
      waitMs = Math.max(waitMs, oldestBlocking + windowMs - now);
    }
  }
  if (waitMs > 0) return { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
  for (const { name } of limits) windows.get(`${token}:${name}`)?.push(now);
  return null;
}

function prune(windows: RateWindows, key: string, after: number): number[] {
  const hits = (windows.get(key) ?? []).filter((t) => t > after);
  windows.set(key, hits);
  return hits;
}
