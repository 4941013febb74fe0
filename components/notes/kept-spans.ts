import type { NoteItem } from '../../utils/notes/model';
import { cueAt } from '../transcript/cues';

type Cues = { readonly texts: readonly string[]; readonly starts: Float64Array };
export type Spans = readonly [number, number][];

/**
 * The kept words of each cue, by cue index: built once per change of the highlights (each highlight finds its
 * cues by binary search), so a row's own work is one map lookup, however many highlights there are. A highlight
 * whose cue changed (another language) is not drawn: its words are not there.
 */
export function keptByCue(items: readonly NoteItem[], cues: Cues): Map<number, Spans> {
  const byCue = new Map<number, [number, number][]>();
  for (const item of items) {
    if (item.kind !== 'highlight') continue;
    item.cues.forEach((drawn, n) => {
      const index = cueAt(cues.starts, drawn.start + 0.01);
      const text = cues.texts[index];
      if (index < 0 || text !== drawn.text) return;
      const range = wordsIn(text, item.text, n, item.cues.length);
      const list = byCue.get(index) ?? [];
      list.push(range);
      byCue.set(index, list);
    });
  }
  for (const list of byCue.values()) list.sort((a, b) => a[0] - b[0]);
  return byCue;
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
