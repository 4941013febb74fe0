import { describe, expect, it } from 'vitest';
import { SearchEngine, transcriptPassages } from '../../../utils/search';
import { groupLocalHits, momentsOfHit } from '../../../utils/video-search/moments';
import { queryTerms } from '../../../utils/video-search/query';

const cues = [
  { text: 'Welcome to the show.', start: 0 },
  { text: 'Today we talk about latency.', start: 4.5 },
  { text: 'Latency is the time a request waits.', start: 9 },
  { text: 'Bandwidth is another story.', start: 14 },
  { text: 'Back to latency budgets.', start: 95 },
];

function engineWith(videos: Record<string, typeof cues>): SearchEngine {
  const engine = SearchEngine.create();
  for (const [videoId, segments] of Object.entries(videos)) {
    engine.setVideo({ videoId, title: `Title ${videoId}`, channel: 'TVA Demo', docs: transcriptPassages(segments) });
  }
  return engine;
}

describe('moments from saved transcripts', () => {
  it('each cue holding a matched word is a moment, quoted with the cues either side', () => {
    const hits = engineWith({ aaaaaaaaaaa: cues }).search('latency', { kinds: ['transcript'] });
    // Two passages of 30 s: the first (0–14 s) holds two matching cues, the second (95 s) one.
    expect(hits.map((h) => h.start).sort()).toEqual([0, 95]);
    const hit = hits.find((h) => h.start === 0);
    expect(hit).toBeDefined();
    if (!hit) return;
    expect(momentsOfHit(hit)).toEqual([
      {
        at: 4.5,
        before: 'Welcome to the show.',
        quote: 'Today we talk about latency.',
        after: 'Latency is the time a request waits.',
      },
      {
        at: 9,
        before: 'Today we talk about latency.',
        quote: 'Latency is the time a request waits.',
        after: 'Bandwidth is another story.',
      },
    ]);
  });

  it('grouped by video, moments in time order, a range keeps only moments inside it', () => {
    const engine = engineWith({ aaaaaaaaaaa: cues, bbbbbbbbbbb: cues.slice(3) });
    const hits = engine.search('latency', { kinds: ['transcript'] });
    const all = groupLocalHits(hits, { from: null, to: null });
    expect(all.map((v) => [v.videoId, v.moments.map((m) => m.at)])).toEqual(
      expect.arrayContaining([
        ['aaaaaaaaaaa', [4.5, 9, 95]],
        ['bbbbbbbbbbb', [95]],
      ]),
    );
    expect(all.every((v) => v.source === 'saved' && v.error === null && v.terms.includes('latency'))).toBe(true);
    const late = groupLocalHits(hits, { from: 60, to: 120 });
    expect(late.map((v) => [v.videoId, v.moments.map((m) => m.at)])).toEqual(
      expect.arrayContaining([
        ['aaaaaaaaaaa', [95]],
        ['bbbbbbbbbbb', [95]],
      ]),
    );
    expect(groupLocalHits(hits, { from: 10, to: 20 })).toEqual([]);
  });

  it('a prefix typed at the end marks the words it resolved to', () => {
    const [hit] = engineWith({ aaaaaaaaaaa: cues }).search('bandw', { kinds: ['transcript'] });
    expect(hit?.terms).toEqual(['bandwidth']);
    expect(hit && momentsOfHit(hit).map((m) => m.quote)).toEqual(['Bandwidth is another story.']);
  });

  it('query terms follow the index rules: folded, no stop words, no repeats', () => {
    expect(queryTerms('The Café and the CAFE, budgets!')).toEqual(['cafe', 'budgets']);
  });
});
