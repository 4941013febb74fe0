import { describe, expect, it } from 'vitest';
import { sizeNoteFor } from '../../entrypoints/background/channel/bulk-price';
import type { CacheUsage } from '../../utils/cache';
import { transcriptPriceText } from '../../utils/till/price';

describe('the price of buying transcripts names AI Units whenever audio transcription may need them', () => {
  const three = { count: 3, plan: 'pro' as const };

  it('a balance that covers the worst case: the worst case, with the length assumed', () => {
    expect(transcriptPriceText({ ...three, aiBalance: 10_000 }, true)).toBe(
      '3 Cloud Requests, and up to 540 AI Units for videos without captions (transcribed from audio, counting 60 minutes for a video whose length is not known)',
    );
  });

  it('a balance below the worst case: all of it, and the run stops if it runs out', () => {
    expect(transcriptPriceText({ ...three, aiBalance: 200 })).toBe(
      '3 Cloud Requests, and up to 200 AI Units for videos without captions (transcribed from audio): all your AI Units, and the run stops if they run out',
    );
  });

  it('no AI Units left: still named, with what a video without captions does to the run', () => {
    const text = transcriptPriceText({ ...three, aiBalance: 0 }, true);
    expect(text).toBe(
      '3 Cloud Requests; videos without captions are transcribed from audio for 3 AI Units per minute, and with no AI Units left the run stops at the first one',
    );
  });

  it('Free with no top-up cannot transcribe from audio: Cloud Requests only; nothing to buy: nothing', () => {
    expect(transcriptPriceText({ count: 3, plan: 'free', aiBalance: 200, aiTopUp: 0 })).toBe('3 Cloud Requests');
    expect(transcriptPriceText({ count: 0, plan: 'pro', aiBalance: 0 })).toBe('nothing');
  });
});

describe('the cache note of a bulk price', () => {
  const MB = 1024 * 1024;
  const usage = (bytes: number, entries: number, budgetMb: number): CacheUsage => ({
    bytes,
    entries,
    budgetBytes: budgetMb * MB,
    transcripts: { entries, bytes },
    kept: { entries: 0, bytes: 0 },
  });

  it('is said when the transcripts to buy will not fit beside what the cache holds', () => {
    expect(sizeNoteFor(100, usage(0, 0, 5))).toMatch(/^These transcripts take about 10 MB and your cache keeps 5 MB\./);
    expect(sizeNoteFor(10, usage(0, 0, 5))).toBeNull();
  });

  it('is not said when nothing is bought, even while the cache is over its budget until its next write', () => {
    expect(sizeNoteFor(0, usage(14 * MB, 500, 5))).toBeNull();
  });
});
