import { z } from 'zod';

/**
 * The plans as the spec publishes them (spec: Plans, and Limits). Written from the spec, not taken from the
 * extension: test/unit/service-agrees.test.ts is where the two tables are held equal.
 */

export const Plan = z.enum(['free', 'starter', 'pro', 'team']);
export type Plan = z.infer<typeof Plan>;

export type PlanTerms = {
  name: string;
  /** Requests per minute, REST and MCP (spec: Limits). */
  rpm: number;
  /** Channels per POST /api/channels; 0: the endpoint answers 403 plan_required. */
  channelsPerRequest: number;
  monthlyAiUnits: number;
  monthlyCloudRequests: number;
  /** Deep analysis mode allowed. */
  deepMode: boolean;
  /**
   * Longest video analysed, in minutes. The spec does not publish these ("not shown"): they are this
   * service's own choice, sent as `maxMinutes` with a 422 video_too_long.
   */
  maxAnalysisMinutes: number;
};

export const PLANS: Readonly<Record<Plan, PlanTerms>> = {
  free: {
    name: 'Free',
    rpm: 60,
    channelsPerRequest: 0,
    monthlyAiUnits: 200,
    monthlyCloudRequests: 25,
    deepMode: false,
    maxAnalysisMinutes: 30,
  },
  starter: {
    name: 'Starter',
    rpm: 200,
    channelsPerRequest: 10,
    monthlyAiUnits: 3000,
    monthlyCloudRequests: 1000,
    deepMode: false,
    maxAnalysisMinutes: 120,
  },
  pro: {
    name: 'Pro',
    rpm: 500,
    channelsPerRequest: 100,
    monthlyAiUnits: 10000,
    monthlyCloudRequests: 3500,
    deepMode: true,
    maxAnalysisMinutes: 240,
  },
  team: {
    name: 'Team',
    rpm: 1000,
    channelsPerRequest: 500,
    monthlyAiUnits: 30000,
    monthlyCloudRequests: 10000,
    deepMode: true,
    maxAnalysisMinutes: 480,
  },
};
