import type { Plan } from '../api/schemas';
import { t } from '../i18n/catalogue';
import type { Price } from './journal';

/** Spec, billing rule 3: a fresh audio transcription costs 3 AI Units per audio minute, on top of 1 Cloud Request. */
export const AUDIO_AI_UNITS_PER_MINUTE = 3;
/**
 * A video whose length is not known (a channel listing carries none) is priced as if it were this long when
 * its audio might be transcribed: the worst case is said, with this assumption named next to it.
 */
export const ASSUMED_MINUTES_PER_VIDEO = 60;
export const AI_UNITS_PER_QUESTION = 1;
export const CLOUD_REQUESTS_PER_LISTING = 1;

/**
 * Whether the account may transcribe a captionless video from audio: a paid plan, or Free with an AI top-up
 * (spec, billing rule 3: Free's monthly allowance does not cover it). A top-up the service did not report is
 * not known to be 0, so on Free it counts as possible: the worst case is what is shown.
 */
export const audioPossible = (plan: Plan | null, aiTopUp: number | null = null) =>
  plan !== 'free' || aiTopUp === null || aiTopUp > 0;

export type TranscriptPriceInput = {
  /** Videos to buy. */
  count: number;
  plan: Plan | null;
  /** Lengths known from the page or the service, in seconds; the rest are assumed. */
  knownSeconds?: readonly number[];
  /** The AI Unit balance: the service cannot charge more than there is, so the worst case stops there. */
  aiBalance?: number | null;
  /** The purchased AI top-up, when the service reported it: all that Free can spend on audio. */
  aiTopUp?: number | null;
};

/**
 * What buying transcripts may cost: 1 Cloud Request per delivered video, and on plans where audio
 * transcription can happen, up to 3 AI Units per minute of each video without captions (the request has no
 * opt-out, so the worst case is shown: every video captionless).
 */
export function transcriptPrice(input: TranscriptPriceInput): Price {
  const { count, plan } = input;
  if (count <= 0) return { cloudRequests: 0, aiUnits: 0, aiUnitsUpTo: 0 };
  if (!audioPossible(plan, input.aiTopUp ?? null)) return { cloudRequests: count, aiUnits: 0, aiUnitsUpTo: 0 };
  const known = (input.knownSeconds ?? []).slice(0, count).filter((s) => Number.isFinite(s) && s > 0);
  const minutes =
    known.reduce((sum, s) => sum + Math.ceil(s / 60), 0) + (count - known.length) * ASSUMED_MINUTES_PER_VIDEO;
  const upTo = minutes * AUDIO_AI_UNITS_PER_MINUTE;
  // On Free only the top-up pays for audio; on a paid plan the whole AI balance may.
  const balance = plan === 'free' && input.aiTopUp != null ? input.aiTopUp : input.aiBalance;
  return {
    cloudRequests: count,
    aiUnits: 0,
    aiUnitsUpTo: balance == null ? upTo : Math.min(upTo, Math.max(0, balance)),
  };
}

export const listingPrice = (): Price => ({ cloudRequests: CLOUD_REQUESTS_PER_LISTING, aiUnits: 0, aiUnitsUpTo: 0 });

/** MCP search_transcript: 1 Cloud Request per video searched (spec: Tools). */
export const searchPrice = (videos: number): Price => ({ cloudRequests: videos, aiUnits: 0, aiUnitsUpTo: 0 });

export const askPrice = (): Price => ({ cloudRequests: 0, aiUnits: AI_UNITS_PER_QUESTION, aiUnitsUpTo: 0 });

/** An analysis at its known price, or at its worst case when the length is not known. */
export const analysisPrice = (aiUnits: number | null, worstCase: number | null): Price => ({
  cloudRequests: 0,
  aiUnits: aiUnits ?? worstCase ?? 0,
  aiUnitsUpTo: 0,
});

/** The price as a person reads it: "3 Cloud Requests and up to 540 AI Units for videos without captions". */
export function priceSentence(price: Price, assumed = false): string {
  const parts: string[] = [];
  if (price.cloudRequests > 0) parts.push(t('background.price.cloud', { n: price.cloudRequests }));
  if (price.aiUnits > 0) parts.push(t('background.price.ai', { n: price.aiUnits }));
  const [a, b] = parts;
  const base =
    a === undefined ? t('background.price.nothing') : b === undefined ? a : t('background.price.and', { a, b });
  if (price.aiUnitsUpTo <= 0) return base;
  const ai = t('background.price.ai', { n: price.aiUnitsUpTo });
  return assumed
    ? t('background.price.upToAssumed', { base, ai, minutes: ASSUMED_MINUTES_PER_VIDEO })
    : t('background.price.upTo', { base, ai });
}

/**
 * The price of buying transcripts as a person reads it before consenting. Where the AI Unit balance caps the
 * worst case of audio transcription it says so, AI Units named even at a balance of 0: the service refuses a
 * request whose captionless videos the balance cannot pay (402 insufficient_ai_units), which stops a run.
 */
export function transcriptPriceText(input: TranscriptPriceInput, assumed = false): string {
  const price = transcriptPrice(input);
  const worst = transcriptPrice({ ...input, aiBalance: null });
  if (price.aiUnitsUpTo >= worst.aiUnitsUpTo) return priceSentence(price, assumed);
  if (price.aiUnitsUpTo > 0) return t('background.price.capped', { price: priceSentence(price, assumed) });
  return t('background.price.noAi', { price: priceSentence(price), perMinute: AUDIO_AI_UNITS_PER_MINUTE });
}
