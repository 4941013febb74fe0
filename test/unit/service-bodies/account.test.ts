import { describe, expect, it } from 'vitest';
import { readAccount } from '../../../utils/api/read/account';
import { body } from './serve';

/** What the MCP client hands over: the tool's JSON, else its text (utils/api/mcp.ts callTool). */
function toolOutput(file: string): unknown {
  const text = body(file);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const known = (info: ReturnType<typeof readAccount>) =>
  info && {
    plan: info.plan,
    planName: info.planName,
    cloudRequestsRemaining: info.cloudRequestsRemaining,
    aiUnitsRemaining: info.aiUnitsRemaining,
    monthlyCloudRequests: info.monthlyCloudRequests,
    monthlyAiUnits: info.monthlyAiUnits,
    aiTopUp: info.aiTopUp,
  };

describe('MCP account bodies of the corpus', () => {
  it.each([
    [
      'account-spec-shape.json',
      {
        plan: 'pro',
        planName: 'pro',
        cloudRequestsRemaining: 3500,
        aiUnitsRemaining: 10000,
        monthlyCloudRequests: 3500,
        monthlyAiUnits: 10000,
        aiTopUp: 0,
      },
    ],
    [
      'account-capitalised-plan-fractional.json',
      { plan: 'pro', planName: 'Pro', cloudRequestsRemaining: 3400, aiUnitsRemaining: 9876.5 },
    ],
    // Null allowances and a null balance are unknown (null / absent), never 0.
    [
      'account-null-allowances.json',
      { plan: 'starter', planName: 'starter', cloudRequestsRemaining: null, aiUnitsRemaining: 2500 },
    ],
    [
      'account-nested-other-names.json',
      {
        plan: 'team',
        planName: 'Team (annual)',
        cloudRequestsRemaining: 9000,
        aiUnitsRemaining: 29000.25,
        monthlyCloudRequests: 10000,
        monthlyAiUnits: 30000,
        aiTopUp: 500,
      },
    ],
    [
      'account-unknown-plan.json',
      { plan: null, planName: 'Enterprise', cloudRequestsRemaining: 50000, aiUnitsRemaining: 90000 },
    ],
    [
      'account-text-lines.txt',
      { plan: 'starter', planName: 'Starter', cloudRequestsRemaining: 1000, aiUnitsRemaining: 2999 },
    ],
  ])('%s', (file, expected) => {
    const info = known(readAccount(toolOutput(file)));
    const defined = info && Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined));
    expect(defined).toEqual(expected);
  });

  it('a body with neither a plan nor a balance is the only one read as "could not read"', () => {
    expect(readAccount(toolOutput('account-no-plan-no-balance.json'))).toBeNull();
  });
});
