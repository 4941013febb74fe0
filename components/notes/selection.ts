import type { DrawnCue, Highlight } from '../../utils/notes/model';

type Cues = { readonly texts: readonly string[]; readonly starts: Float64Array };
/** What a highlight carries besides its words: made by the panel (a new id, the video's id and title). */
export type HighlightMeta = Pick<Highlight, 'id' | 'videoId' | 'videoTitle'>;

/** A cue's text element in the list (CueRow's `.tl-cue-text`, whose row names its cue index). */
const cueTextOf = (node: Node | null): HTMLElement | null =>
  (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>('[data-cue] .tl-cue-text') ?? null;

const indexOf = (el: HTMLElement): number => Number(el.closest<HTMLElement>('[data-cue]')?.dataset.cue ?? -1);

/** Characters of the cue's text before a point of the selection (the text may be split by marks). */
function offsetIn(el: HTMLElement, node: Node, offset: number): number {
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * The words selected in the cue list as a highlight, one line per cue, or null when the selection holds no words
 * of a cue. The selection may run over several cues, in either direction.
 */
export function highlightFromSelection(selection: Selection | null, cues: Cues, meta: HighlightMeta): Highlight | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const from = cueTextOf(range.startContainer);
  const to = cueTextOf(range.endContainer);
  if (!from || !to) return null;
  const first = indexOf(from);
  const last = indexOf(to);
  if (first < 0 || last < first) return null;
  const start = offsetIn(from, range.startContainer, range.startOffset);
  const end = offsetIn(to, range.endContainer, range.endOffset);
  const parts: string[] = [];
  for (let i = first; i <= last; i++) {
    const text = cues.texts[i] ?? '';
    parts.push(text.slice(i === first ? start : 0, i === last ? end : text.length).trim());
  }
  return highlightOf(cues, first, last, parts.join('\n'), meta);
}

/** A whole cue kept as a highlight (the key on a cue, or the button with nothing selected). */
export function highlightOfCue(cues: Cues, index: number, meta: HighlightMeta): Highlight | null {
  return highlightOf(cues, index, index, cues.texts[index] ?? '', meta);
}

function highlightOf(cues: Cues, first: number, last: number, text: string, meta: HighlightMeta): Highlight | null {
  if (text.trim().length === 0 || first < 0 || last >= cues.starts.length) return null;
  const drawn: DrawnCue[] = [];
  for (let i = first; i <= last; i++) drawn.push({ start: cues.starts[i] ?? 0, text: cues.texts[i] ?? '' });
  const end = cues.starts[last + 1] ?? (cues.starts[last] ?? 0) + 1;
  return { kind: 'highlight', ...meta, start: cues.starts[first] ?? 0, end, text, cues: drawn };
}
