import { DEFAULT_RETRY_SECONDS } from '../../../utils/api/errors';
import { PASS_BACKOFF_MS, PASSES } from '../../../utils/bulk-run';
import { expect } from '../fixtures';
import type { Ledger, TestService } from './service';

/**
 * Money is read after the dust settles: a request still held by the service, or one the extension sends again
 * by itself a few seconds later, would make a ledger read too early look right. `settledLedger` waits until
 * nothing is in flight and no request has arrived for longer than the longest automatic retry of the path.
 */

/** The longest the extension waits before it sends again by itself: a 429's default backoff, a bulk pass. */
export const LONGEST_RETRY_MS = {
  panel: DEFAULT_RETRY_SECONDS * 1_000,
  bulk: Math.max(DEFAULT_RETRY_SECONDS * 1_000, PASS_BACKOFF_MS * (PASSES - 1)),
} as const;
export type RetryPath = keyof typeof LONGEST_RETRY_MS;

/** Added to the longest retry: a retry is sent a little after its wait ends, and takes time to arrive. */
const MARGIN_MS = 1_500;
const POLL_MS = 250;

export type SettleOptions = {
  /** Whose retries the quiet must outlast (default: the longest of any path). */
  path?: RetryPath;
  /** Give up (and fail) after this long. */
  timeoutMs?: number;
};

/** The ledger once nothing is in flight and no request has arrived for the path's longest retry and a margin. */
export async function settledLedger(service: TestService, options: SettleOptions = {}): Promise<Ledger> {
  const quietMs =
    (options.path ? LONGEST_RETRY_MS[options.path] : Math.max(...Object.values(LONGEST_RETRY_MS))) + MARGIN_MS;
  const deadline = Date.now() + (options.timeoutMs ?? quietMs + 30_000);
  let arrivals = -1;
  let quietSince = Date.now();
  for (;;) {
    const ledger = await service.ledger();
    const now = Date.now();
    if (ledger.arrivals.length !== arrivals || ledger.inFlight > 0) {
      arrivals = ledger.arrivals.length;
      quietSince = now;
    } else if (now - quietSince >= quietMs) return ledger;
    if (now > deadline)
      throw new Error(`the service never settled: ${ledger.inFlight} in flight, ${ledger.arrivals.length} arrivals`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

type Options = { token?: string };

/** Cloud Request charges for each video, of one account when `token` is given. */
function cloudChargesByVideo(ledger: Ledger, { token }: Options): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of ledger.charges) {
    if (c.kind !== 'cloud' || c.videoId === undefined || (token !== undefined && c.token !== token)) continue;
    counts.set(c.videoId, (counts.get(c.videoId) ?? 0) + 1);
  }
  return counts;
}

/** Each of these videos' transcript was charged exactly once (1 Cloud Request), and no video twice. */
export function expectChargedOnce(ledger: Ledger, videoIds: readonly string[], options: Options = {}): void {
  const counts = cloudChargesByVideo(ledger, options);
  expect(Object.fromEntries(videoIds.map((id) => [id, counts.get(id) ?? 0]))).toEqual(
    Object.fromEntries(videoIds.map((id) => [id, 1])),
  );
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
}

/** Nothing was charged since `before` (a ledger read earlier), or at all when `before` is not given. */
export function expectSpentNothing(ledger: Ledger, before?: Ledger): void {
  expect(ledger.charges.slice(before?.charges.length ?? 0)).toEqual([]);
}

/** Requests that arrived for exactly this path (answered or not, the aborted ones included). */
export const arrivalsTo = (ledger: Ledger, path: string) => ledger.arrivals.filter((a) => a.path === path);
