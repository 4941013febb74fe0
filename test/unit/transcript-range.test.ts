import { describe, expect, it } from 'vitest';
import { cutToRange, inCueRange, readRange } from '../../components/transcript/range';
import type { ExportTranscript } from '../../utils/export';

describe('readRange: From and To as a person types them', () => {
  it('reads seconds, m:ss and h:mm:ss, flooring to the second a timestamp shows', () => {
    expect(readRange('90', '1:01:30')).toEqual({ from: 90, to: 3690 });
    expect(readRange(' 1:05 ', '2:00.9')).toEqual({ from: 65, to: 120 });
  });

  it('both empty is the whole transcript; one empty leaves that end open', () => {
    expect(readRange('', '  ')).toBeNull();
    expect(readRange('', '0:30')).toEqual({ from: null, to: 30 });
    expect(readRange('0:30', '')).toEqual({ from: 30, to: null });
  });

  it('a field that is not a time, or a To before From, is one sentence', () => {
    expect(readRange('soon', '')).toEqual({
      message: '“From” is not a time: use seconds (90), m:ss (1:30) or h:mm:ss (1:01:30).',
    });
    expect(readRange('1:00', '-5')).toEqual({ message: expect.stringMatching(/^“To” is not a time/) });
    expect(readRange('1:61', '')).toEqual({ message: expect.stringMatching(/^“From” is not a time/) });
    expect(readRange('2:00', '1:00')).toEqual({ message: '“To” is earlier than “From”: swap them.' });
  });

  it('From equal to To is the cues whose timestamp shows that second', () => {
    expect(readRange('5', '0:05')).toEqual({ from: 5, to: 5 });
  });
});

describe('inCueRange and cutToRange', () => {
  const transcript: ExportTranscript = {
    id: 'v',
    title: 'A talk',
    author: null,
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    text: 'one two three four',
    segments: [
      { text: 'one', start: 0.5, duration: 4 },
      { text: 'two', start: 5.47, duration: 4 },
      { text: 'three', start: 27.09, duration: 4 },
      { text: 'four', start: 28, duration: 4 },
    ],
  };

  it('judges a cue by the second its timestamp shows, both ends included', () => {
    expect(inCueRange(27.09, { from: 5, to: 27 })).toBe(true);
    expect(inCueRange(4.99, { from: 5, to: 27 })).toBe(false);
    expect(inCueRange(28, { from: 5, to: 27 })).toBe(false);
    expect(inCueRange(1e6, { from: 5, to: null })).toBe(true);
  });

  it('keeps only the cues in the range, their text, and says the part in the title', () => {
    const part = cutToRange(transcript, { from: 5, to: 27 }, '0:05–0:27');
    expect(part.segments.map((s) => s.text)).toEqual(['two', 'three']);
    expect(part.text).toBe('two three');
    expect(part.title).toBe('A talk (0:05–0:27)');
    expect(part.id).toBe('v');
    expect(transcript.segments).toHaveLength(4);
  });

  it('a range holding no cue gives an empty part, not the whole transcript', () => {
    const part = cutToRange({ ...transcript, title: null }, { from: 100, to: 200 }, '1:40–3:20');
    expect(part.segments).toEqual([]);
    expect(part.text).toBe('');
    expect(part.title).toBe('(1:40–3:20)');
  });
});
