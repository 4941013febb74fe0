import { describe, expect, it } from 'vitest';
import { channelBatches, channelOfLine, parseChannelList, requestsFor } from '../../utils/channel/list';

const UC = 'UCabcdefghijklmnopqrstuv';

describe('channelOfLine', () => {
  it.each([
    ['@tvademo', '@tvademo'],
    ['  @tva.demo ', '@tva.demo'],
    [UC, UC],
    ['https://www.youtube.com/@tvademo/videos', '@tvademo'],
    ['http://www.youtube.com/@tvademo', '@tvademo'],
    ['youtube.com/@tvademo', '@tvademo'],
    [`https://www.youtube.com/channel/${UC}`, UC],
    ['https://www.youtube.com/c/TvaDemo', 'https://www.youtube.com/c/TvaDemo'],
    ['https://m.youtube.com/user/tvademo/videos', 'https://www.youtube.com/user/tvademo'],
  ])('%s is the channel %s', (line, expected) => {
    expect(channelOfLine(line)).toBe(expected);
  });

  it.each([
    'https://www.youtube.com/watch?v=tvaHuman001',
    'tvaHuman001',
    'https://evil.example/@tvademo',
    'UCshort',
    '@bad handle',
    '',
  ])('%s is no channel', (line) => {
    expect(channelOfLine(line)).toBeNull();
  });
});

describe('parseChannelList', () => {
  it('reads each channel once, in order, and names each bad line', () => {
    const list = parseChannelList(
      ['@one', '', `https://www.youtube.com/channel/${UC}`, 'https://www.youtube.com/@ONE', 'a video?', '@two'].join(
        '\n',
      ),
    );
    expect(list.channels).toEqual(['@one', UC, '@two']);
    expect(list.repeats).toBe(1);
    expect(list.problems).toEqual([
      { line: 5, sentence: 'Line 5: “a video?” is not a YouTube channel link or handle.' },
    ]);
  });

  it('takes at most 100 channels and names the lines past that', () => {
    const text = Array.from({ length: 102 }, (_, i) => `@c${i}`).join('\n');
    const list = parseChannelList(text);
    expect(list.channels).toHaveLength(100);
    expect(list.problems.map((p) => p.line)).toEqual([101, 102]);
  });
});

describe('channelBatches', () => {
  it('cuts the list into requests of the plan size, in order', () => {
    expect(channelBatches(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(channelBatches(['a', 'b'], 10)).toEqual([['a', 'b']]);
    expect(channelBatches([], 10)).toEqual([]);
  });

  it('never makes empty or oversized requests from a bad size', () => {
    expect(channelBatches(['a', 'b'], 0)).toEqual([['a'], ['b']]);
  });

  it('counts ceil(N / size) requests', () => {
    expect(requestsFor(0, 10)).toBe(0);
    expect(requestsFor(10, 10)).toBe(1);
    expect(requestsFor(11, 10)).toBe(2);
    expect(requestsFor(3, 100)).toBe(1);
  });
});
