import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import { faultResponse, replacesAnswer } from './fault-answer';
import type { Env } from './http';
import { toolCalls } from './mcp';
import type { Fault, RequestMatch, ServiceState, SlowRule } from './state';

/** The MCP tools a request calls, read from a copy of its body (the routes still read the original). */
async function toolsCalled(request: Request): Promise<string[]> {
  try {
    return toolCalls(JSON.parse(await request.clone().text()));
  } catch {
    return [];
  }
}

function matches(rule: RequestMatch, path: string, tools: string[]): boolean {
  if (!path.startsWith(rule.path)) return false;
  return rule.tool === undefined || tools.some((name) => rule.tool === '*' || rule.tool === name);
}

function takeFault(state: ServiceState, path: string, tools: string[]): Fault | undefined {
  const index = state.faults.findIndex((f) => matches(f, path, tools));
  const fault = state.faults[index];
  if (!fault) return undefined;
  fault.times -= 1;
  if (fault.times <= 0) state.faults.splice(index, 1);
  return fault;
}

/** How long a rule holds the request on one side of processing. */
const delayOf = (rule: Fault | SlowRule | undefined, afterProcessing: boolean): number =>
  rule && Boolean(rule.processFirst) === afterProcessing ? (rule.delayMs ?? 0) : 0;

/** Waits `ms`, or less when one of the signals aborts first. */
async function hold(ms: number, signals: AbortSignal[]): Promise<void> {
  if (ms > 0) await sleep(ms, undefined, { signal: AbortSignal.any(signals) }).catch(() => {});
}

/**
 * Injected faults and slow rules (control API). Before processing: the delays of both, then the fault's answer
 * if it has a status (the request is not processed). Otherwise the request is processed (charged), then held by
 * the `processFirst` delays, then its answer is sent, or replaced by the fault's status and body.
 * A delay that precedes processing outlasts the client (the service still does the work and charges, as a
 * careless service would); any other delay ends when the client disconnects, since nothing is left to do.
 * A reset ends every delay: a request not yet processed then answers 503 without being processed.
 */
export function faultMiddleware(state: ServiceState): MiddlewareHandler<Env> {
  return async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/__control')) return next();
    const byTool = [...state.faults, ...state.slow].some((r) => r.tool !== undefined && path.startsWith(r.path));
    const tools = byTool && c.req.method === 'POST' ? await toolsCalled(c.req.raw) : [];
    const fault = takeFault(state, path, tools);
    const slow = state.slow.find((r) => matches(r, path, tools));
    if (!fault && !slow) return next();
    const client = c.req.raw.signal;
    const reset = state.holds.signal;
    const status = fault && !fault.processFirst ? fault.status : undefined;

    await hold(delayOf(slow, false) + delayOf(fault, false), status === undefined ? [reset] : [client, reset]);
    if (reset.aborted) return c.json({ error: 'service_unavailable', message: 'The service was reset.' }, 503);
    if (fault && status !== undefined) {
      c.set('injected', true);
      return faultResponse(fault, status);
    }
    await next();
    await hold(delayOf(slow, true) + delayOf(fault, true), [client, reset]);
    if (fault?.processFirst && replacesAnswer(fault)) {
      const real = c.res;
      await real.body?.cancel().catch(() => {});
      c.res = undefined;
      c.res = faultResponse(fault, fault.status ?? real.status, real);
      c.set('injected', true);
    }
  };
}
