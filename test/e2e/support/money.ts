/** Money in the Chromium suite: read once the service settles (`settle.ts`), checked with Playwright's `expect`. */
import { expect } from '../fixtures';
import { moneyChecks } from './money-checks';

export { arrivalsTo } from './money-checks';
export { LONGEST_RETRY_MS, type RetryPath, type SettleOptions, settledLedger } from './settle';
export const { expectChargedOnce, expectSpentNothing } = moneyChecks(expect);
