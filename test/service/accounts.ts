import { PLANS, type Plan } from './plans';

export type Account = {
  token: string;
  plan: Plan;
  /** Cloud Requests left (monthly allowance plus packs, one balance). */
  cloudRequests: number;
  /** Monthly AI Units left. */
  aiUnits: number;
  /** Purchased AI top-up, consumed after the monthly AI Units. */
  aiTopUp: number;
  emailVerified: boolean;
  /** A marketplace key: REST works, /mcp refuses it. */
  marketplace: boolean;
};

function fresh(token: string, plan: Plan, extra: Partial<Account> = {}): Account {
  const limits = PLANS[plan];
  return {
    token,
    plan,
    cloudRequests: limits.monthlyCloudRequests,
    aiUnits: limits.monthlyAiUnits,
    aiTopUp: 0,
    emailVerified: true,
    marketplace: false,
    ...extra,
  };
}

/** The seeded tokens, one per situation (printed by the CLI). */
export const SEEDED_TOKENS = [
  'demo-free',
  'demo-starter',
  'demo-pro',
  'demo-team',
  'demo-unverified',
  'demo-empty',
  'mkt-demo',
] as const;

export function seedAccounts(): Map<string, Account> {
  const accounts = [
    fresh('demo-free', 'free'),
    fresh('demo-starter', 'starter'),
    fresh('demo-pro', 'pro'),
    fresh('demo-team', 'team'),
    fresh('demo-unverified', 'starter', { emailVerified: false }),
    fresh('demo-empty', 'starter', { cloudRequests: 0, aiUnits: 0 }),
    fresh('mkt-demo', 'pro', { marketplace: true }),
  ];
  return new Map(accounts.map((a) => [a.token, a]));
}

export type AccountUpdate = {
  token: string;
  plan?: Plan;
  cloudRequests?: number;
  aiUnits?: number;
  aiTopUp?: number;
  emailVerified?: boolean;
};

/** Creates (with the plan's allowances) or updates an account; given fields win. */
export function upsertAccount(accounts: Map<string, Account>, update: AccountUpdate): Account {
  const existing = accounts.get(update.token);
  const base = existing ?? fresh(update.token, update.plan ?? 'free', { marketplace: update.token.startsWith('mkt-') });
  const next: Account = { ...base, ...definedOnly(update) };
  accounts.set(next.token, next);
  return next;
}

function definedOnly(update: AccountUpdate): Partial<Account> {
  return Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
}

export function aiRemaining(account: Account): number {
  return account.aiUnits + account.aiTopUp;
}

/** Balances every REST response carries. */
export function balances(account: Account): { cloudRequestsRemaining: number; aiUnitsRemaining: number } {
  return { cloudRequestsRemaining: account.cloudRequests, aiUnitsRemaining: aiRemaining(account) };
}
