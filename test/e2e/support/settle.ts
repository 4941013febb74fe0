import { WINDOWS } from '../../service/rate-limit';
import type { Ledger, TestService } from './service';

/**
 * Money is read after the dust settles: a request still held by the service, one the extension's scheduler still
 * holds for a full rate window, or one the extension sends again by itself a little later, would make a ledger
 * read too early look right. `settledLedger` waits until nothing is in flight, no request has arrived for longer
 * than the longest automatic resend of the path, and the REST burst window has room again.
 *
 * The figures are the spec's (through the local service's copy of its windows) where the spec states one, else
 * literal figures of what the extension says it does (its panel's sentences, its README), never the product's
 * constants: a test that read them would wait exactly as long as the product's mistake.
 *
 * Free of any test framework: the Chromium suite (Playwright) and the Firefox suite (Vitest) both read money here.
 */

/** The REST burst: 5 requests per 10 s per token (spec: Limits). */
const BURST = WINDOWS.restBurst;

/** The longest the extension may stay quiet on a path before it sends again by itself. */
export const LONGEST_RETRY_MS = {
  /**
   * Nothing on the path is sent again by itself: actions that must send nothing, and requests answered without
   * a 429 or a retryable failure. The margin alone is the time for what the last action sent to arrive.
   */
  sent: 0,
  /**
   * A request of the panel (a load, a listing, an analysis start, a question) that met a 429: sent again after
   * its Retry-After (the tests' are at most a few seconds) or, without a usable one, a backoff; the spec names
   * none, and one longer than the REST burst window a 429 most likely came from (10 s) would wait for nothing.
   */
  panel: BURST.windowMs,
  /** An analysis still queued or processing is polled again at the spec's suggested interval, 10 s. */
  poll: 10_000,
  /**
   * A bulk run: videos that failed with a retryable code are tried again in two later passes, 3 s and 6 s after
   * the pass before (README). A batch held for a full REST burst window is sent once the window has room, which
   * the settle waits for on every path.
   */
  bulk: 6_000,
  /**
   * A retryable failure of a transcript the person asked for is looked up again by itself after 30 s (the panel
   * says "Trying again by itself in 30 seconds.").
   */
  lookup: 30_000,
} as const;
export type RetryPath = keyof typeof LONGEST_RETRY_MS;

/**
 * Added to the longest resend, and the least wait after the call: a request is sent a little after its wait
 * ends (a scheduler keeps a few hundred ms to spare) and reaches the loopback service in milliseconds (120 ms
 * was the worst measured on a loaded two-core machine).
 */
const MARGIN_MS = 1_000;
const POLL_MS = 250;

export type SettleOptions = {
  /** Whose resends the quiet must outlast: the shortest honest one for what was done (default: the longest). */
  path?: RetryPath;
  /** Give up (and fail) after this long. */
  timeoutMs?: number;
};

/** A poll of an analysis job: counted in the polling window, not in the REST burst (spec: Limits). */
const isPoll = (a: { method: string; path: string }) => a.method === 'GET' && /^\/api\/watch\/[^/]+$/.test(a.path);

/**
 * When every account's REST burst window has room again (`at` is the service clock, this process's own: both suites
 * start the service in the test's process): a request the extension's scheduler held back for a full window has been sent by then.
 * The test's own calls (`direct`) are left out: the extension's scheduler does not know of them.
 */
function burstRoomAt(ledger: Ledger): number {
  const byToken = new Map<string, number[]>();
  for (const a of ledger.arrivals) {
    if (a.direct || !a.path.startsWith('/api/') || isPoll(a)) continue;
    const times = byToken.get(a.token ?? '') ?? [];
    times.push(a.at);
    byToken.set(a.token ?? '', times);
  }
  let room = 0;
  for (const times of byToken.values()) {
    const oldestInFullWindow = times.at(-BURST.limit);
    if (oldestInFullWindow !== undefined) room = Math.max(room, oldestInFullWindow + BURST.windowMs);
  }
  return room;
}

/**
 * The ledger once nothing is in flight, no request has arrived or been answered for the path's longest resend
 * and a margin (read from the ledger's times: the service clock is this process's own in both suites, so a
 * quiet that began before the call counts), at least the margin has passed since the call (for what the last
 * action sent to arrive), and the REST burst window has had room for the margin. Polls of an analysis job are
 * free (spec) and lead to no paid request by themselves: only the 'poll' path waits for them to stop.
 */
export async function settledLedger(service: TestService, { path, timeoutMs }: SettleOptions = {}): Promise<Ledger> {
  const quietMs = (path ? LONGEST_RETRY_MS[path] : Math.max(...Object.values(LONGEST_RETRY_MS))) + MARGIN_MS;
  const counts = (r: { method: string; path: string }) => path === 'poll' || !isPoll(r);
  const called = Date.now();
  const deadline = called + (timeoutMs ?? quietMs + BURST.windowMs + 30_000);
  for (;;) {
    const ledger = await service.ledger();
    const now = Date.now();
    const lastSeen = Math.max(
      0,
      ...ledger.arrivals.filter(counts).map((a) => a.at),
      ...ledger.requests.filter(counts).map((r) => r.at),
    );
    if (
      ledger.inFlight === 0 &&
      now - lastSeen >= quietMs &&
      now - called >= MARGIN_MS &&
      now - burstRoomAt(ledger) >= MARGIN_MS
    )
      return ledger;
    if (now > deadline)
      throw new Error(`the service never settled: ${ledger.inFlight} in flight, ${ledger.arrivals.length} arrivals`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
