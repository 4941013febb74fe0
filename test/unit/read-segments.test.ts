import { describe, expect, it } from 'vitest';
import { readSegments } from '../../utils/api/read/segments';

/** The spec's cues are read directly; every other shape still goes through the aliases, as before. */
describe('readSegments', () => {
  it("reads the spec's { text, start, duration } cues as they are", () => {
    const cues = [
      { text: 'Welcome.', start: 0.5, duration: 3.2 },
      { duration: 0, start: 3.7, text: 'Order of keys is free.' },
      { text: '   ', start: 4, duration: 1 },
    ];
    expect(readSegments(cues)).toEqual([
      { text: 'Welcome.', start: 0.5, duration: 3.2 },
      { text: 'Order of keys is free.', start: 3.7, duration: 0 },
      { text: '', start: 4, duration: 1 },
    ]);
  });

  it('reads three other keys, or a value the spec does not give, the long way', () => {
    const cues = [
      { Text: 'Folded key.', start: 1, duration: 2 },
      { text: 'Seconds as text.', start: '18.8', duration: '7.25' },
      { text: 'Negative start follows the last cue.', start: -1, duration: 1 },
      { text: 'End instead of duration.', start: 30, end: 32 },
      { text: 'A fourth key.', start: 40, duration: 1, speaker: 'A' },
    ];
    expect(readSegments(cues)).toEqual([
      { text: 'Folded key.', start: 1, duration: 2 },
      { text: 'Seconds as text.', start: 18.8, duration: 7.25 },
      { text: 'Negative start follows the last cue.', start: 26.05, duration: 1 },
      { text: 'End instead of duration.', start: 30, duration: 2 },
      { text: 'A fourth key.', start: 40, duration: 1 },
    ]);
  });

  it('never throws on a cue whose fields throw', () => {
    const hostile = { text: 'x', start: 1 } as Record<string, unknown>;
    Object.defineProperty(hostile, 'duration', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(readSegments([hostile])).toEqual([{ text: 'x', start: 1, duration: 0 }]);
  });
});
