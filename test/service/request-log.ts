import type { MiddlewareHandler } from 'hono';
import { DIRECT_HEADER, type Env, tokenOf } from './http';
import type { Arrival, ServiceState } from './state';

/**
 * The ledger's request log: every request is recorded when it arrives (`arrivals`, and counted in flight) and
 * again when it is answered (`requests`, with `arrivedAt`, and `aborted` when the client had already gone).
 * Both mark a test's own calls (`direct`); an answer that was an injected fault's is marked `injected`.
 * Control calls are not logged; a request that arrived before a reset is not logged when it ends after it.
 */
export function requestLog(state: ServiceState): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.path.startsWith('/__control')) return next();
    const token = tokenOf(c.req.header('Authorization'));
    // Read before any middleware replaces the request: it aborts when the client closes the connection.
    const signal = c.req.raw.signal;
    const arrival: Arrival = {
      seq: state.arrivals.length + 1,
      method: c.req.method,
      path: c.req.path,
      ...(token ? { token } : {}),
      at: state.now(),
      ...(c.req.header(DIRECT_HEADER) === undefined ? {} : { direct: true as const }),
    };
    state.arrivals.push(arrival);
    state.inFlight.add(arrival);
    try {
      await next();
    } finally {
      if (state.inFlight.delete(arrival)) {
        state.requests.push({
          method: arrival.method,
          path: arrival.path,
          status: c.res.status,
          ...(token ? { token } : {}),
          at: state.now(),
          seq: arrival.seq,
          arrivedAt: arrival.at,
          ...(signal.aborted ? { aborted: true as const } : {}),
          ...(c.get('injected') ? { injected: true as const } : {}),
          ...(arrival.direct ? { direct: true as const } : {}),
        });
      }
    }
  };
}

/** The ledger as the control API sends it. */
export function ledger(state: ServiceState) {
  return {
    charges: state.charges,
    requests: state.requests,
    arrivals: state.arrivals,
    inFlight: state.inFlight.size,
  };
}
