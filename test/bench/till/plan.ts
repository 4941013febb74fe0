import type { Charge } from '../../service/state';

/**
 * The faults session's plan: what each purchase is, which fault it meets, and what a careful person pays for it.
 * Prices are the spec's (Billing rules 1, 4, 5, 6 and the MCP tool table), written here and not imported from the
 * product, so a wrong product price cannot make its own minimum.
 */

export type Kind = 'transcript' | 'bulk' | 'listing' | 'search' | 'analysis' | 'ask';
export type Fault =
  | 'none'
  | 'two tabs'
  | 'timeout after charge'
  | 'unreadable 200 after charge'
  | '5xx before charge'
  | 'worker killed'
  /** The account analysed the video before: the start is answered ready at once (200). */
  | 'analyzed before'
  /** A second start of a video whose job runs: the service returns the same job. */
  | 'same job returned';

export type Amount = { cloud: number; ai: number };

/** The spec's prices of one purchase of each kind. */
export const SPEC_PRICE = {
  /** Billing rule 1: a delivered transcript, 1 Cloud Request. */
  transcript: { cloud: 1, ai: 0 },
  /** Billing rule 4: a successful channel listing, 1 Cloud Request. */
  listing: { cloud: 1, ai: 0 },
  /** MCP tools: search_transcript, 1 Cloud Request per video. */
  searchPerVideo: { cloud: 1, ai: 0 },
  /** Billing rule 6: a question, 1 AI Unit. */
  question: { cloud: 0, ai: 1 },
} as const;

/** Billing rule 5: standard analysis, 3 AI Units per minute (the local service bills started minutes). */
export const analysisPrice = (seconds: number): Amount => ({ cloud: 0, ai: 3 * Math.ceil(seconds / 60) });

export const times = (a: Amount, n: number): Amount => ({ cloud: a.cloud * n, ai: a.ai * n });
export const sum = (list: readonly Amount[]): Amount =>
  list.reduce((t, a) => ({ cloud: t.cloud + a.cloud, ai: t.ai + a.ai }), { cloud: 0, ai: 0 });
export const units = (a: Amount) => a.cloud + a.ai;

/**
 * What a careful person pays for one purchase that meets `fault`, knowing only the spec:
 * - no fault, or two tabs buying the same thing: the price, once;
 * - a fault after the service charged (timeout, unreadable 200, the worker stopped): the price, once — the
 *   service charged it, and the person does not buy it again (an analysis started again is free: rule 7);
 * - a 5xx before any charge: nothing for it; then, where the spec says such a refusal consumes nothing (a 503
 *   on an analysis start: "refused before start … no charge"), one retry at the price; elsewhere the spec says
 *   nothing, so the person cannot know it was free and does not buy again;
 * - an analysis start answered ready at once (the video analysed before): nothing (the spec's states table:
 *   "200; no second charge"); a second start answered with the same job: the first start's price, once.
 */
export function carefulCost(price: Amount, fault: Fault, refusalIsFree: boolean): Amount {
  if (fault === 'analyzed before') return { cloud: 0, ai: 0 };
  if (fault === '5xx before charge') return refusalIsFree ? price : { cloud: 0, ai: 0 };
  return price;
}

/** What the extension holds for a paid item, found by paid.lost. */
export type Item =
  | { kind: 'transcript'; videoId: string }
  | { kind: 'listing'; channelId: string }
  | { kind: 'findings'; videoId: string }
  | { kind: 'analysis'; videoId: string }
  | { kind: 'answer'; question: string };

/** One purchase of the session as it went. */
export type Step = {
  name: string;
  kind: Kind;
  fault: Fault;
  /** What the careful person pays for it (carefulCost). */
  minimum: Amount;
  /** Whether its answer reached the extension on the careful path (a fault after charge loses it). */
  delivered: boolean;
  /** What the careful person read after the fault, and did. */
  read?: string;
  /** The listing's channel id, the question asked: what a charge of this step bought. */
  channelId?: string;
  question?: string;
  /** Wall-clock span (the service's clock is the same) in which its charges fell. */
  from: number;
  to: number;
};

/** The item a charge of this step paid for (null for a charge that buys nothing held, like audio AI Units). */
export function itemOf(charge: Charge, step: Step): Item | null {
  const video = charge.videoId;
  switch (charge.reason) {
    case 'transcript':
      return video ? { kind: 'transcript', videoId: video } : null;
    case 'mcp:search_transcript':
      return video ? { kind: 'findings', videoId: video } : null;
    case 'analysis':
      return video ? { kind: 'analysis', videoId: video } : null;
    case 'question':
      return step.question ? { kind: 'answer', question: step.question } : null;
    case 'channel_listing':
      return step.channelId ? { kind: 'listing', channelId: step.channelId } : null;
    default:
      return null;
  }
}
