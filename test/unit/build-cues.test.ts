import { describe, expect, it } from 'vitest';
import { buildCues } from '../../components/transcript/cues';

const seg = (text: unknown, start: number) =>
  ({ text, start, duration: 1 }) as { text: string; start: number; duration: number };

describe('buildCues', () => {
  it('folds whitespace as before: runs, line breaks, tabs, no-break spaces and the ends', () => {
    const texts = [
      'plain words stay as they are',
      '  leading and trailing  ',
      'two  spaces',
      'a line\nbreak',
      'tab\there',
      'no\u00a0break',
      'ideographic\u3000space',
      ' ',
      '',
    ];
    const cues = buildCues(texts.map((t, i) => seg(t, i)));
    expect(cues.texts).toEqual(texts.map((t) => t.replace(/\s+/g, ' ').trim()));
    // A cue needing nothing is the very string it came as.
    expect(cues.texts[0]).toBe(texts[0]);
  });

  it('keeps the order and starts, sorting stably only when out of order; a missing text is empty', () => {
    const cues = buildCues([seg('b', 2), seg('a', 1), seg(undefined, 1), seg('c', -5)]);
    expect(cues.texts).toEqual(['c', 'a', '', 'b']);
    expect([...cues.starts]).toEqual([0, 1, 1, 2]);
    expect(cues.label(3)).toBe('0:02');
  });
});
