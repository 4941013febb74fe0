/**
 * The MCP `account` tool's answer (its output schema is "not shown"): plan read case-insensitively ("Pro",
 * "Team (annual)"), balances under their usual names or nested (`balances: {...}`, `cloudRequests: { remaining,
 * monthly }`), a `key: value` text answer, fractional and numeric-string amounts. Null or missing amounts are
 * unknown (null), never 0. Returns null only for a body with neither a plan nor any balance in it.
 */

import { Plan } from '../enums';
import { AI_KEYS, CLOUD_KEYS, LEGACY_CLOUD_KEYS } from './balances';
import { flatten, words } from './lenient';
import { type Dict, field, isRecord, nonNeg, str } from './values';

export type AccountInfo = {
  [key: string]: unknown;
  /** null: the service named a plan Transcript Lens does not know (see `planName`), or none. */
  plan: Plan | null;
  planName?: string;
  cloudRequestsRemaining: number | null;
  aiUnitsRemaining: number | null;
  monthlyCloudRequests?: number;
  monthlyAiUnits?: number;
  aiTopUp?: number;
};

const CONTAINERS = words('account data result balances balance usage quota remaining');
const MONTHLY_CONTAINERS = words('monthly allowances allowance limits quotas plan');
const REMAINING = words('remaining balance left available current');
const MONTHLY = words('monthly allowance limit total quota');
/** Each balance: its own keys, the object that may hold its `{ remaining, monthly }`, its allowance's keys. */
const BALANCES = {
  cloud: {
    keys: CLOUD_KEYS,
    object: words('cloudrequests cloud'),
    monthly: words('monthlycloudrequests cloudrequestsmonthly monthlycloud cloudrequestsallowance'),
  },
  ai: {
    keys: AI_KEYS,
    object: words('aiunits ai aiprocessingunits'),
    monthly: words('monthlyaiunits aiunitsmonthly monthlyai aiunitsallowance'),
  },
} as const;
type Balance = (typeof BALANCES)[keyof typeof BALANCES];
const TOP_UP = words('aitopup topup aitopupunits topupaiunits aitopupbalance');
const PLAN = words('plan tier planname subscription');

/** `Plan: Pro` / `AI Units: 9,800 remaining` lines into a record. */
function fromText(text: string): Dict | null {
  const dict: Dict = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*[-*]?\s*([^:]{1,60}):\s*(.+?)\s*$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    const value = match[2].replace(/(\d),(?=\d{3}\b)/g, '$1');
    dict[match[1]] = /^[\d.]+\b/.exec(value)?.[0] ?? value;
  }
  return Object.keys(dict).length ? dict : null;
}

/** The body and the containers inside it (`account.balances.…`), two levels deep, outermost first. */
function records(body: Dict, depth = 0): Dict[] {
  const out = [body];
  if (depth >= 2) return out;
  for (const key of CONTAINERS) {
    const nested = field(body, [key]);
    if (isRecord(nested)) out.push(...records(nested, depth + 1));
  }
  return out;
}

/** The first readable amount among records: a number, or `{ remaining }` under an object key. */
function amount(found: Dict[], keys: readonly string[], objectKeys: readonly string[], sub: readonly string[]) {
  for (const obj of found) {
    const direct = nonNeg(field(obj, keys));
    if (direct !== undefined) return direct;
    const nested = field(obj, objectKeys);
    if (isRecord(nested)) {
      const inner = nonNeg(field(nested, sub));
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** What is left of a balance and its monthly allowance, read the same way for Cloud Requests and AI Units. */
function balanceOf(found: Dict[], monthly: Dict[], { keys, object, monthly: monthlyKeys }: Balance) {
  return {
    left: amount(found, keys, object, REMAINING),
    allowance: amount(found, monthlyKeys, object, MONTHLY) ?? amount(monthly, keys, [], []),
  };
}

function planOf(found: Dict[]): { plan: Plan | null; planName?: string } {
  for (const obj of found) {
    const raw = field(obj, PLAN);
    const name = str(isRecord(raw) ? field(raw, words('name id plan tier')) : raw);
    if (!name) continue;
    const known = /\b(free|starter|pro|team)\b/i.exec(name)?.[1]?.toLowerCase();
    const parsed = Plan.safeParse(known);
    return { plan: parsed.success ? parsed.data : null, planName: name };
  }
  return { plan: null };
}

export function readAccount(raw: unknown): AccountInfo | null {
  let body = raw;
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw);
    } catch {
      body = fromText(raw);
    }
  }
  if (!isRecord(body)) return null;
  const found = records(body);
  const monthly = found.flatMap((obj) => MONTHLY_CONTAINERS.map((k) => field(obj, [k])).filter(isRecord));
  const { left: cloudLeft, allowance: monthlyCloud } = balanceOf(found, monthly, BALANCES.cloud);
  const { left: ai, allowance: monthlyAi } = balanceOf(found, monthly, BALANCES.ai);
  const cloud = cloudLeft ?? amount(found, LEGACY_CLOUD_KEYS, [], []);
  const topUp = amount(found, TOP_UP, [], []);
  const plan = planOf(found);
  if (plan.planName === undefined && cloud === undefined && ai === undefined) return null;
  // Unknown fields are kept; the known ones are replaced by what could be read (a null is not a number).
  const {
    plan: _p,
    planName: _n,
    cloudRequestsRemaining: _c,
    aiUnitsRemaining: _a,
    monthlyCloudRequests: _mc,
    monthlyAiUnits: _ma,
    aiTopUp: _t,
    ...extra
  } = body;
  return {
    ...extra,
    ...plan,
    cloudRequestsRemaining: cloud ?? null,
    aiUnitsRemaining: ai ?? null,
    ...(monthlyCloud !== undefined && { monthlyCloudRequests: monthlyCloud }),
    ...(monthlyAi !== undefined && { monthlyAiUnits: monthlyAi }),
    ...(topUp !== undefined && { aiTopUp: topUp }),
  };
}

/** For an error message: what the unreadable answer said. */
export function describeAccountBody(raw: unknown): string {
  return flatten(raw, 300);
}
