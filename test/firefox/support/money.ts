/** Money in the Firefox suite: read once the service settles, as in Chromium, checked with Vitest's `expect`. */
import { expect } from 'vitest';
import { moneyChecks } from '../../e2e/support/money-checks';

export { arrivalsTo } from '../../e2e/support/money-checks';
export { settledLedger } from '../../e2e/support/settle';
export const { expectChargedOnce, expectSpentNothing } = moneyChecks(expect);
