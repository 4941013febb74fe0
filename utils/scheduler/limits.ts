// The service's rate limits (spec "Limits"), as sliding limits of request starts per token.

export type Lane = 'rest' | 'poll' | 'watchStart' | 'mcp' | 'mcpAnalyze';
export type Priority = 'interactive' | 'background';

import { PLANS, type Plan } from '../api/schemas';

export type { Plan };
export type LimitName = 'restBurst' | 'planRpm' | 'mcpBurst' | 'analysisStarts' | 'polling';

/** Requests per minute of each plan, from the one plan table (spec: Plans). */
export const PLAN_RPM: Readonly<Record<Plan, number>> = {
  free: PLANS.free.rpm,
  starter: PLANS.starter.rpm,
  pro: PLANS.pro.rpm,
  team: PLANS.team.rpm,
};

export interface LimitSpec {
  limit: number;
  periodMs: number;
}

/** Fixed limits; planRpm's limit comes from the plan (Free until known). */
export const LIMIT_SPECS: Readonly<Record<LimitName, LimitSpec>> = {
  restBurst: { limit: 5, periodMs: 10_000 },
  planRpm: { limit: PLAN_RPM.free, periodMs: 60_000 },
  mcpBurst: { limit: 30, periodMs: 10_000 },
  analysisStarts: { limit: 10, periodMs: 60_000 },
  polling: { limit: 30, periodMs: 10_000 },
};

/**
 * Which limits a request of each lane counts against. Polls are left out of the REST burst because the
 * service counts them separately (30 per 10 s); analysis starts are shared by REST and MCP.
 */
export const LANE_LIMITS: Readonly<Record<Lane, readonly LimitName[]>> = {
  rest: ['restBurst', 'planRpm'],
  poll: ['polling', 'planRpm'],
  watchStart: ['restBurst', 'analysisStarts', 'planRpm'],
  mcp: ['mcpBurst', 'planRpm'],
  mcpAnalyze: ['mcpBurst', 'analysisStarts', 'planRpm'],
};

export function isLane(value: unknown): value is Lane {
  return typeof value === 'string' && Object.hasOwn(LANE_LIMITS, value);
}
