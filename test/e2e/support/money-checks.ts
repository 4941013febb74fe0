import type { Ledger } from './service';

/**
 * What the ledger says was charged and sent, checked with the suite's own `expect`: Playwright's in the
 * Chromium suite (`money.ts`), Vitest's in the Firefox suite (`test/firefox/support/money.ts`).
 */

/** The one matcher these checks use; both frameworks' `expect` has it. */
export type Expect = (actual: unknown) => { toEqual(expected: unknown): void };

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

export function moneyChecks(expect: Expect) {
  return {
    /** Each of these videos' transcript was charged exactly once (1 Cloud Request), and no video twice. */
    expectChargedOnce(ledger: Ledger, videoIds: readonly string[], options: Options = {}): void {
      const counts = cloudChargesByVideo(ledger, options);
      expect(Object.fromEntries(videoIds.map((id) => [id, counts.get(id) ?? 0]))).toEqual(
        Object.fromEntries(videoIds.map((id) => [id, 1])),
      );
      expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    },
    /** Nothing was charged since `before` (a ledger read earlier), or at all when `before` is not given. */
    expectSpentNothing(ledger: Ledger, before?: Ledger): void {
      expect(ledger.charges.slice(before?.charges.length ?? 0)).toEqual([]);
    },
  };
}

/** Requests that arrived for exactly this path (answered or not, the aborted ones included). */
export const arrivalsTo = (ledger: Ledger, path: string) => ledger.arrivals.filter((a) => a.path === path);
