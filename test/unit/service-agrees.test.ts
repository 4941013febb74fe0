import { describe, expect, it } from 'vitest';
import * as Product from '../../utils/api/schemas';
import { laneLimits } from '../../utils/scheduler/floor';
import type { Lane } from '../../utils/scheduler/limits';
import {
  AI_UNITS_PER_QUESTION,
  AUDIO_AI_UNITS_PER_MINUTE,
  CLOUD_REQUESTS_PER_LISTING,
  listingPrice,
  searchPrice,
  transcriptPrice,
} from '../../utils/till/price';
import { PLANS } from '../service/plans';
import { PRICES } from '../service/prices';
import { limitsFor, type RateKind } from '../service/rate-limit';
import { VIDEO_ERROR_MESSAGES } from '../service/transcripts';

/**
 * Where the extension and the local service meet. Each side keeps its own copy of what the spec states (the
 * service shares no code with the extension), so a wrong number on one side fails here instead of being
 * mirrored by the other. A change to either side is a conscious one: change both, or explain why not. The
 * request bodies and the MCP tool arguments (required, types, limits, no other field) are in ./service-agrees/.
 */

const plans = Product.Plan.options;

describe('the extension and the local service agree on', () => {
  it('the plan table: names, requests per minute, allowances, channels per request, Deep', () => {
    for (const plan of plans) {
      const { name, rpm, channelsPerRequest, monthlyAiUnits, monthlyCloudRequests, deepMode } = PLANS[plan];
      expect(Product.PLANS[plan], plan).toMatchObject({
        name,
        rpm,
        channelsPerRequest,
        monthlyAiUnits,
        monthlyCloudRequests,
        deepMode,
      });
      expect(Product.allowsDeep(plan), plan).toBe(deepMode);
    }
    expect(Object.keys(PLANS).sort()).toEqual([...plans].sort());
  });

  it('the longest analysable video, which the extension estimates with before the service says (422 maxMinutes)', () => {
    // Not published by the spec: the service's own choice, and the extension's guess of it.
    for (const plan of plans) {
      expect(Product.PLANS[plan].maxAnalysisMinutes, plan).toBe(PLANS[plan].maxAnalysisMinutes);
    }
  });

  it('the prices: analysis, audio transcription, questions, transcripts, listings, searched videos', () => {
    expect(Product.AI_UNITS_PER_MINUTE).toEqual(PRICES.analysisAiUnitsPerMinute);
    expect(AUDIO_AI_UNITS_PER_MINUTE).toBe(PRICES.audioAiUnitsPerMinute);
    expect(AI_UNITS_PER_QUESTION).toBe(PRICES.aiUnitsPerQuestion);
    expect(CLOUD_REQUESTS_PER_LISTING).toBe(PRICES.cloudRequestsPerListing);
    expect(listingPrice().cloudRequests).toBe(PRICES.cloudRequestsPerListing);
    for (const count of [1, 7, 50]) {
      expect(transcriptPrice({ count, plan: 'free' }).cloudRequests).toBe(count * PRICES.cloudRequestsPerTranscript);
      expect(searchPrice(count).cloudRequests).toBe(count * PRICES.cloudRequestsPerSearchVideo);
    }
  });

  it('the rate windows each kind of request counts against (REST burst, MCP, analysis starts, polling, rpm)', () => {
    const kinds: Record<Lane, RateKind> = {
      rest: 'rest',
      poll: 'poll',
      watchStart: 'start',
      mcp: 'mcp',
      mcpAnalyze: 'mcp-start',
    };
    const sorted = (limits: { limit: number; periodMs: number }[]) =>
      limits.sort((a, b) => a.periodMs - b.periodMs || a.limit - b.limit);
    for (const plan of plans) {
      for (const [lane, kind] of Object.entries(kinds) as [Lane, RateKind][]) {
        const service = limitsFor(kind, plan).map(({ limit, windowMs }) => ({ limit, periodMs: windowMs }));
        expect(sorted(laneLimits(lane, plan)), `${lane} on ${plan}`).toEqual(sorted(service));
      }
    }
  });

  it('the per-video error codes', () => {
    expect(Object.keys(VIDEO_ERROR_MESSAGES).sort()).toEqual([...Product.PerVideoErrorCode.options].sort());
  });
});
