import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../utils/api/schemas';
import {
  analysisPrice,
  askPrice,
  listingPrice,
  priceSentence,
  searchPrice,
  transcriptPrice,
} from '../../../utils/till/price';

describe('the till prices every purchase, worst case included', () => {
  // Spec, billing rule 3: 1 Cloud Request each, and on plans that transcribe audio 3 AI Units per audio minute.
  it.each<[string, Plan | null, number, number[] | undefined, number | null, number]>([
    ['Free with no top-up reported: the worst case', 'free', 3, undefined, null, 3 * 60 * 3],
    ['Starter, lengths unknown: 60 minutes assumed each', 'starter', 3, undefined, null, 3 * 60 * 3],
    ['Pro, one length known (10:24 → 11 started minutes)', 'pro', 2, [624], null, (11 + 60) * 3],
    ['Team, all known', 'team', 2, [60, 61], null, (1 + 2) * 3],
    ['an unknown plan may be a paid one', null, 1, undefined, null, 180],
    ['never above the AI balance', 'pro', 10, undefined, 500, 500],
    ['a balance of 0 caps it at 0', 'pro', 1, undefined, 0, 0],
  ])('transcripts: %s', (_what, plan, count, knownSeconds, aiBalance, upTo) => {
    const price = transcriptPrice({ count, plan, aiBalance, ...(knownSeconds && { knownSeconds }) });
    expect(price).toEqual({ cloudRequests: count, aiUnits: 0, aiUnitsUpTo: upTo });
  });

  it('Free transcribes audio only with a top-up: none reported is the worst case, 0 is none, a top-up caps it', () => {
    expect(transcriptPrice({ count: 1, plan: 'free', aiTopUp: 0 }).aiUnitsUpTo).toBe(0);
    expect(transcriptPrice({ count: 1, plan: 'free', aiTopUp: null, aiBalance: 200 }).aiUnitsUpTo).toBe(180);
    expect(transcriptPrice({ count: 2, plan: 'free', aiTopUp: 50, aiBalance: 250 }).aiUnitsUpTo).toBe(50);
  });

  it('prices nothing for nothing to buy', () => {
    expect(transcriptPrice({ count: 0, plan: 'pro' })).toEqual({ cloudRequests: 0, aiUnits: 0, aiUnitsUpTo: 0 });
  });

  it('a listing, a search, a question and an analysis (its known price, else its worst case)', () => {
    expect(listingPrice()).toEqual({ cloudRequests: 1, aiUnits: 0, aiUnitsUpTo: 0 });
    expect(searchPrice(25)).toEqual({ cloudRequests: 25, aiUnits: 0, aiUnitsUpTo: 0 });
    expect(askPrice()).toEqual({ cloudRequests: 0, aiUnits: 1, aiUnitsUpTo: 0 });
    expect(analysisPrice(33, null).aiUnits).toBe(33);
    expect(analysisPrice(null, 720).aiUnits).toBe(720);
    expect(analysisPrice(0, null).aiUnits).toBe(0);
  });

  it('says the price as a person reads it, the assumption named', () => {
    expect(priceSentence({ cloudRequests: 1, aiUnits: 0, aiUnitsUpTo: 0 })).toBe('1 Cloud Request');
    expect(priceSentence({ cloudRequests: 0, aiUnits: 1, aiUnitsUpTo: 0 })).toBe('1 AI Unit');
    expect(priceSentence({ cloudRequests: 500, aiUnits: 0, aiUnitsUpTo: 10_000 }, true)).toBe(
      '500 Cloud Requests, and up to 10,000 AI Units for videos without captions (transcribed from audio, counting 60 minutes for a video whose length is not known)',
    );
  });
});
