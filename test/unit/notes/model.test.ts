import { describe, expect, it } from 'vitest';
import { MAX_NOTE_CHARS } from '../../../utils/notes/limits';
import { stillMatches } from '../../../utils/notes/matches';
import { NoteItem } from '../../../utils/notes/model';
import { inTimeOrder } from '../../../utils/notes/order';
import { highlightOf, noteOf } from './builders';

describe('a note or highlight as the boundary reads it', () => {
  it('keeps 20,000 characters, emoji counted once, and right-to-left text as written', () => {
    const long = noteOf({ text: `${'x'.repeat(MAX_NOTE_CHARS - 1)}\n` });
    expect(NoteItem.safeParse(long).success).toBe(true);
    const emoji = noteOf({ text: '🎓'.repeat(MAX_NOTE_CHARS) });
    expect(NoteItem.parse(emoji)).toEqual(emoji);
    const rtl = noteOf({ text: 'ملاحظة مهمة\nסוף' });
    expect(NoteItem.parse(rtl)).toEqual(rtl);
  });

  it('refuses one character more, an empty note and a highlight that ends before it starts', () => {
    expect(NoteItem.safeParse(noteOf({ text: 'x'.repeat(MAX_NOTE_CHARS + 1) })).success).toBe(false);
    expect(NoteItem.safeParse(noteOf({ text: ' \n ' })).success).toBe(false);
    expect(NoteItem.safeParse(highlightOf({ start: 9, end: 3 })).success).toBe(false);
    expect(NoteItem.safeParse({ ...noteOf(), html: '<b>' }).success).toBe(false);
  });

  it('lists in time order, a highlight by its start', () => {
    const late = noteOf({ time: 30 });
    const early = highlightOf({ cues: [{ start: 5, text: 'a' }] });
    const middle = noteOf({ time: 12 });
    expect(inTimeOrder([late, early, middle]).map((i) => i.id)).toEqual([early.id, middle.id, late.id]);
  });
});

describe('a highlight on a transcript that changed', () => {
  const cues = [
    { start: 0, text: 'hello' },
    { start: 10, text: 'the words that mattered' },
    { start: 12, text: 'and more' },
  ];

  it('matches the cues it was drawn from', () => {
    expect(stillMatches(highlightOf(), cues)).toBe(true);
    const two = highlightOf({ cues: [cues[1], cues[2]].flatMap((c) => (c ? [c] : [])) });
    expect(stillMatches(two, cues)).toBe(true);
  });

  it('no longer matches another language, or a track whose cues moved', () => {
    const other = cues.map((c) => ({ ...c, text: `${c.text} (fr)` }));
    expect(stillMatches(highlightOf(), other)).toBe(false);
    expect(
      stillMatches(
        highlightOf(),
        cues.map((c) => ({ ...c, start: c.start + 1 })),
      ),
    ).toBe(false);
    expect(stillMatches(highlightOf(), [])).toBe(false);
  });
});
