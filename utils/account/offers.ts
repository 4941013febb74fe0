import { t } from '../i18n/catalogue';
/**
 * What the service offers when a balance runs out, in the spec's own words and figures (Plans: "Purchased AI
 * top-up balance is consumed after the monthly AI allowance. Non-expiring pay-as-you-go Cloud Request packs
 * exist separately." and the 100 Developer Requests trial). Information only: Transcript Lens buys none of
 * them; they are bought on the service.
 */
export type OfferBalance = 'cloud' | 'ai';

// The spec's monthly figures, written out so the panel loads no zod (utils/api/schemas.ts); the offers test
// holds them equal to PLANS.
export const CLOUD_PACKS = () => t('errors.offers.cloudPacks', { free: 25, starter: 1_000, pro: 3_500, team: 10_000 });
export const AI_TOP_UP = () => t('errors.offers.aiTopUp', { free: 200, starter: 3_000, pro: 10_000, team: 30_000 });
export const TRIAL = () => t('errors.offers.trial', { n: 100 });
export const BOUGHT_ELSEWHERE = () => t('errors.offers.elsewhere');

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
  const cloud = [CLOUD_PACKS(), TRIAL()];
  const ai = [AI_TOP_UP()];
  const which = balance === 'cloud' ? cloud : balance === 'ai' ? ai : [...cloud, ...ai];
  return [...which, BOUGHT_ELSEWHERE()];
}
