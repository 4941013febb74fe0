import { describe, expect, it } from 'vitest';
import type { Action } from '../../utils/api/action';
import { errorFromResponse } from '../../utils/api/errors';

// The spec's 402 body for AI Units, as the service sends it on any paid request that spends them.
const body = { error: { code: 'insufficient_ai_units', message: 'Insufficient AI Units.' } };
const sentenceOn = (action: Action) => errorFromResponse(402, body, null, action).sentence;

describe('a 402 insufficient_ai_units is worded for what was being bought', () => {
  it('an analysis (and its polling) may choose a shorter analysis', () => {
    const analysis =
      'You do not have enough AI Units for this. Nothing was charged. Add AI Units (a top-up) or choose a shorter analysis.';
    expect(sentenceOn('analysis')).toBe(analysis);
    expect(sentenceOn('poll')).toBe(analysis);
  });

  it('a question: add AI Units to ask, nothing about analyses', () => {
    expect(sentenceOn('ask')).toBe(
      'You do not have enough AI Units to ask this question. Nothing was charged. Add AI Units (a top-up), then ask again.',
    );
  });

  it('transcripts (one video or a bulk run): transcribing audio needs AI Units', () => {
    expect(sentenceOn('transcripts')).toBe(
      'You do not have enough AI Units: a video without captions is transcribed from its audio, which needs AI Units. Nothing was charged. Add AI Units (a top-up), then load it again.',
    );
  });

  it('no sentence but an analysis’s speaks of a shorter analysis', () => {
    for (const action of ['ask', 'transcripts', 'channels', 'account'] as const) {
      expect(errorFromResponse(402, body, null, action).code).toBe('insufficient_ai_units');
      expect(sentenceOn(action)).not.toMatch(/analysis/);
    }
  });
});
