import type { NoteItem } from '../../utils/notes/model';
import { cueAt } from '../transcript/cues';

type Cues = { readonly texts: readonly string[]; readonly starts: Float64Array };
export type Spans = readonly [number, number][];

/**
 * The kept words of each cue, by cue index: the cues of every highlight found once per change of the highlights
 * (each by binary search), the words placed in a cue only when its row is drawn (`of`, the same list each time, so
 * an unchanged row is not drawn again): a long video's first screen places a few dozen, not all 500 highlights'.
 * A highlight whose cue changed (another language) is not drawn: its words are not there.
 */
export function keptByCue(items: readonly NoteItem[], cues: Cues): { of(index: number): Spans | undefined } {
  const found = new Map<number, { words: string; n: number; count: number }[]>();
  for (const item of items) {
    if (item.kind !== 'highlight') continue;
    item.cues.forEach((drawn, n) => {
      const index = cueAt(cues.starts, drawn.start + 0.01);
      if (index < 0 || cues.texts[index] !== drawn.text) return;
      const list = found.get(index) ?? [];
      list.push({ words: item.text, n, count: item.cues.length });
      found.set(index, list);
    });
  }
  const placed = new Map<number, Spans>();
  return {
    of(index) {
      const known = placed.get(index);
      if (known) return known;
      const text = cues.texts[index];
      const list = found.get(index);
      if (!list || text === undefined) return undefined;
      const spans = list.map((k) => wordsIn(text, k.words, k.n, k.count)).sort((a, b) => a[0] - b[0]);
      placed.set(index, spans);
      return spans;
    },
  };
}

/**
 * Where the kept words sit in one of their cues: the first cue holds the words' beginning at its end, the last
 * their end at its beginning, a middle one is wholly kept; a single cue holds them somewhere inside.
 */
function wordsIn(text: string, words: string, n: number, count: number): [number, number] {
  const lines = words.split('\n');
  if (count === 1) {
    const at = text.indexOf(words);
    return at >= 0 ? [at, at + words.length] : [0, text.length];
  }
  if (n === 0) {
    const first = lines[0] ?? '';
    const at = text.lastIndexOf(first);
    return at >= 0 ? [at, text.length] : [0, text.length];
  }
  if (n === count - 1) {
    const last = lines.at(-1) ?? '';
    return text.startsWith(last) ? [0, last.length] : [0, text.length];
  }
  return [0, text.length];
}
