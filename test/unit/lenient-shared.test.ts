import { describe, expect, it } from 'vitest';
import { otherEntry, shownText } from '../../utils/api/read/lenient';

describe('the lenient readers’ shared pieces', () => {
  it('shownText: the main text of a value, else the whole value flattened, so nothing read is lost', () => {
    expect(shownText({ text: 'Intro', extra: 1 })).toBe('Intro');
    expect(shownText({ quote: 'said so' }, ['quote'])).toBe('said so');
    const unnamed = shownText({ weird: 'x', also: 2 });
    expect(unnamed).toContain('x');
    expect(unnamed).toContain('2');
    expect(shownText(42)).toBe('42');
  });

  it('otherEntry: the key made readable, under a section when given, and the value flattened', () => {
    expect(otherEntry('modelVersion', 'v2')).toEqual({ label: 'Model version', text: 'v2' });
    expect(otherEntry('extra_note', 'see'.repeat(2), 'Chapters')).toEqual({
      label: 'Chapters: Extra note',
      text: 'seesee',
    });
  });
});
