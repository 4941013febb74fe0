import type { Sizes } from './sizes';

export type Align = 'center' | 'nearest';

/** Where to scroll so a row shows (centred, or just inside the nearer edge), or null when it shows already. */
export function scrollTopFor(s: Sizes, index: number, align: Align, current: number, view: number): number | null {
  const top = s.offset(index);
  const bottom = top + s.height(index);
  if (align === 'center') return top - (view - (bottom - top)) / 2;
  if (top < current) return top;
  if (bottom > current + view) return bottom - view;
  return null;
}

type Window = { scrollTop: number; view: number; count: number; overscan: number };

/**
 * The rows to render, in order: those in the viewport and `overscan` more each side, plus the focused ones
 * (`keep`) wherever they are, so keyboard focus is never lost.
 */
export function rowsToRender(s: Sizes, { scrollTop, view, count, overscan }: Window, keep: (number | null)[]) {
  const first = s.indexAt(scrollTop);
  let last = first;
  const bottom = scrollTop + view;
  while (last < count - 1 && s.offset(last + 1) < bottom) last++;
  const indexes: number[] = [];
  const start = Math.max(0, first - overscan);
  const end = Math.min(count - 1, last + overscan);
  const extra = keep.filter((i): i is number => i !== null && i < count && (i < start || i > end));
  for (const i of extra.filter((i) => i < start).sort((a, b) => a - b)) indexes.push(i);
  for (let i = start; i <= end; i++) indexes.push(i);
  for (const i of extra.filter((i) => i > end).sort((a, b) => a - b)) indexes.push(i);
  return indexes;
}

/**
 * Records the heights the observer reported: whether any row changed, how far the rows above the first visible
 * one moved the content (scrollTop moves as much, so what the person reads stays put), and the viewport's inner
 * height when it was among them (null otherwise).
 */
export function takeMeasures(entries: readonly ResizeObserverEntry[], el: HTMLElement, s: Sizes, firstVisible: number) {
  let changed = false;
  let shift = 0;
  let viewHeight: number | null = null;
  for (const entry of entries) {
    const row = entry.target as HTMLElement;
    if (row === el) {
      // Laid out already: reading it here costs no layout.
      viewHeight = el.clientHeight;
      continue;
    }
    if (!row.isConnected) continue;
    const index = Number(row.dataset.vrow);
    const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
    const known = s.height(index);
    if (!(height > 0) || Math.abs(height - known) < 0.5) continue;
    if (index < firstVisible) shift += height - known;
    s.setHeight(index, height);
    changed = true;
  }
  return { changed, shift, viewHeight };
}
