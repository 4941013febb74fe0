import { describe, expect, it } from 'vitest';
import { readSearchAnswer } from '../../../utils/api/read/search';
import { body } from './serve';

/** What the MCP client hands over: the tool's JSON, else its text (utils/api/mcp.ts callTool). */
function toolOutput(file: string): unknown {
  const text = body(file);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const A = 'aaaaaaaaaaa';
const B = 'bbbbbbbbbbb';
const terms = ['budget'];

describe('MCP search_transcript bodies of the corpus', () => {
  it('search-spec-shape.json: quotes split in their context, time order, a failed video as its sentence, balances', () => {
    const read = readSearchAnswer(toolOutput('search-spec-shape.json'), ['tvaHuman001', 'tvaPrivate1'], terms);
    expect(read.other).toEqual([]);
    expect(read.balances).toEqual({ cloudRequests: 998, aiUnits: 3000 });
    const [found, failed] = read.videos;
    expect(found).toMatchObject({ videoId: 'tvaHuman001', title: 'Distributed Systems: An Introduction', error: null });
    expect(found?.moments).toEqual([
      {
        at: 61,
        before: '',
        quote: '<img src=x onerror=alert(1)> latency matters',
        after: '',
      },
      {
        at: 125.4,
        before: 'Every request crosses three hops.',
        quote: 'The latency budget is spent in the network.',
        after: 'Caches hide some of it.',
      },
    ]);
    expect(found?.source).toBe('service');
    expect(found?.terms).toEqual(terms);
    expect(failed).toMatchObject({
      videoId: 'tvaPrivate1',
      moments: [],
      error: { code: 'video_unavailable', message: expect.stringMatching(/unavailable/) },
    });
  });

  it('search-keyed-by-video.json: results keyed by id, [time, text] pairs, a nested error object, a note kept', () => {
    const read = readSearchAnswer(toolOutput('search-keyed-by-video.json'), [A, B], terms);
    expect(read.videos.map((v) => v.videoId)).toEqual([A, B]);
    expect(read.videos[0]?.moments.map((m) => [m.at, m.quote])).toEqual([
      [42, 'first mention of the budget'],
      [70, 'a pair of time and text'],
    ]);
    expect(read.videos[1]?.error).toEqual({ code: 'no_transcript', message: 'This video has no captions.' });
    expect(read.other).toEqual(['Notes: searched with the default language']);
    expect(read.balances).toEqual({ cloudRequests: 17 });
  });

  it('search-flat-matches.json: each match names its video (or only its deep link); a match without words is text', () => {
    const read = readSearchAnswer(toolOutput('search-flat-matches.json'), [A, B], terms);
    const [a, b] = read.videos;
    expect(a?.moments).toEqual([
      { at: 90, before: '', quote: 'only the link names the video and the time', after: '' },
    ]);
    expect(b?.moments).toEqual([{ at: 75, before: '', quote: 'a numeric string time', after: '' }]);
    expect(b?.other).toEqual(['Match: video_id: bbbbbbbbbbb; seconds: 12; score: 0.9']);
  });

  it('search-text-lines.txt: one match per line, time from the line, video from its link; the rest is text', () => {
    const read = readSearchAnswer(toolOutput('search-text-lines.txt'), [A, B], terms);
    expect(read.videos.map((v) => [v.videoId, v.moments.map((m) => [m.at, m.quote])])).toEqual([
      [A, [[5, 'budget talk begins']]],
      [B, [[3723, 'the late budget review']]],
    ]);
    expect(read.other).toEqual(['Result: Found 2 matches.']);
  });

  it('search-unknown-shape.json: nothing readable is still shown as text, with the video when only one was asked', () => {
    const one = readSearchAnswer(toolOutput('search-unknown-shape.json'), [A], terms);
    expect(one.videos).toHaveLength(1);
    expect(one.videos[0]?.other).toEqual(['Match: status: ok; payload: {weird: [1, 2, 3]}']);
    const two = readSearchAnswer(toolOutput('search-unknown-shape.json'), [A, B], terms);
    expect(two.videos).toEqual([]);
    expect(two.other).toEqual(['Match: status: ok; payload: {weird: [1, 2, 3]}']);
  });

  it('never throws, never prints [object Object], and never links a video it cannot name', () => {
    const hostile: unknown[] = [null, 42, [], {}, '', { results: 'plain words' }, { results: [null, 7, 'x'] }];
    const circular: Record<string, unknown> = { results: [] };
    circular.self = circular;
    (circular.results as unknown[]).push({ videoId: 'not-an-id', matches: [{ quote: 'q', time: -5 }] });
    hostile.push(circular);
    for (const raw of hostile) {
      const read = readSearchAnswer(raw, [A, B], terms);
      const text = JSON.stringify(read);
      expect(text).not.toContain('[object Object]');
      for (const v of read.videos) expect([A, B]).toContain(v.videoId);
    }
    const bad = readSearchAnswer(circular, [A, B], terms);
    expect(bad.other.join(' ')).toContain('not-an-id');
    expect(bad.other.join(' ')).toContain('[circular]');
    const noticed = readSearchAnswer({ results: [], notice: 'Search is in beta' }, [A], terms);
    expect(noticed.other).toEqual(['Notice: Search is in beta']);
  });
});
