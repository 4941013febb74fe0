import type { Plan } from '../api/schemas';

/** What the background answers about the account: its balances (the panel's too) and the popup's account. */

export type Balances = { cloudRequests: number | null; aiUnits: number | null; at: number | null };

export type AccountReply = {
  plan: Plan | null;
  balances: Balances;
  monthlyCloudRequests: number | null;
  monthlyAiUnits: number | null;
  /** The purchased AI top-up (used after the monthly AI allowance), when the service reported it. */
  aiTopUp?: number | null;
  /** Why the plan is unknown (marketplace key, offline ...), as a sentence. */
  planNote: string | null;
  /** The end of the token in use ("…o-pro"), so the person sees which account this is. */
  tokenHint: string | null;
};
