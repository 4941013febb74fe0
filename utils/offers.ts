/**
 * What the service offers when a balance runs out, in the spec's own words and figures (Plans: "Purchased AI
 * top-up balance is consumed after the monthly AI allowance. Non-expiring pay-as-you-go Cloud Request packs
 * exist separately." and the 100 Developer Requests trial). Information only: Transcript Lens buys none of
 * them; they are bought on the service.
 */
export type OfferBalance = 'cloud' | 'ai';

// The spec's monthly figures, written out so the panel loads no zod (utils/api/schemas.ts); the offers test
// holds them equal to PLANS.
export const CLOUD_PACKS =
  'Non-expiring pay-as-you-go Cloud Request packs exist separately from the monthly allowance (Free 25, Starter 1,000, Pro 3,500, Team 10,000 Cloud Requests a month).';
export const AI_TOP_UP =
  'A purchased AI top-up balance is consumed after the monthly AI allowance (Free 200, Starter 3,000, Pro 10,000, Team 30,000 AI Units a month).';
export const TRIAL =
  'Every new account includes a one-time trial allowance of 100 Developer Requests (how it relates to the Cloud Request balance is not stated by the service).';
export const BOUGHT_ELSEWHERE = 'These are bought on the service’s own site, not in Transcript Lens.';

/** The balance a 402's code says ran out; null for any other code. */
export function balanceOfRefusal(code: string): OfferBalance | 'both' | null {
  if (code === 'insufficient_cloud_requests') return 'cloud';
  if (code === 'insufficient_ai_units') return 'ai';
  // The legacy code and a bare 402 do not say which balance.
  if (code === 'insufficient_credits' || code === 'payment_required') return 'both';
  return null;
}

/** The sentences for a balance that ran out (both: the ones of each). */
export function offerSentences(balance: OfferBalance | 'both'): string[] {
  const cloud = [CLOUD_PACKS, TRIAL];
  const ai = [AI_TOP_UP];
  const which = balance === 'cloud' ? cloud : balance === 'ai' ? ai : [...cloud, ...ai];
  return [...which, BOUGHT_ELSEWHERE];
}
