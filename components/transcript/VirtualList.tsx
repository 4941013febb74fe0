import './virtual-list.css';
import type { ComponentChild } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { attachListEvents, type ListEventHandlers } from './listEvents';
import { observeRows, type RowObserver } from './rowObserver';
import { createSizes, type Sizes } from './sizes';

export type Align = 'center' | 'nearest';

export interface VirtualListHandle {
  /** Scrolls so the row shows (no-op for 'nearest' when it already does). Counts as our own scroll. */
  scrollToIndex(index: number, align: Align): void;
  /** Whether the row is wholly inside the viewport. */
  isInView(index: number): boolean;
  /** Scrolls to the row, renders it and focuses its first focusable element. */
  focusIndex(index: number): void;
}

interface Props {
  count: number;
  /** Estimated row height in px; rows are measured once rendered. */
  estimate: number;
  /** Viewport height in px (fixed). */
  height: number;
  overscan?: number;
  renderRow: (index: number) => ComponentChild;
  /** A scroll the person made (wheel, touch, keys, scrollbar), not one this list made. */
  onUserScroll?: () => void;
  handleRef?: { current: VirtualListHandle | null };
  class?: string;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A fixed-height scroller that renders only the rows near the viewport (plus the focused row, so keyboard
 * focus is never lost), positioned absolutely from measured-or-estimated heights. Arrow keys, Home and End
 * move focus between rows.
 */
export function VirtualList(props: Props) {
  const { count, estimate, height, overscan = 6, renderRow, handleRef } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const sizes = useRef<Sizes | null>(null);
  if (sizes.current?.count !== count) sizes.current = createSizes(count, estimate);
  const s = sizes.current;
  const [scrollTop, setScrollTop] = useState(0);
  const [, setVersion] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  const [pendingFocus, setPendingFocus] = useState<number | null>(null);
  const ours = useRef(false);
  const userScroll = useRef(props.onUserScroll);
  userScroll.current = props.onUserScroll;

  // The viewport's inner height, as last laid out (the observer below reports it): reading clientHeight while
  // rendering forced a layout of the page each render.
  const shownHeight = useRef<number | null>(null);
  const viewHeight = () => shownHeight.current || height;

  // The scroll position as the last scroll event (or our own scroll) left it. Reading scrollTop in an effect
  // lays out the page when it is dirty, as it is while YouTube builds it: the follow effect asked on every new
  // cue. Scroll events run before the frame's callbacks, where effects run, so this is current there.
  const topNow = useRef(0);

  const setTop = (value: number) => {
    const el = viewport.current;
    if (!el) return;
    const next = Math.round(Math.min(Math.max(0, value), Math.max(0, s.total() - viewHeight())));
    if (Math.abs(topNow.current - next) < 1) return;
    ours.current = true;
    el.scrollTop = next;
    // The scroll event (if any) comes before the next frame's callbacks; if none came, nothing moved.
    requestAnimationFrame(() => {
      ours.current = false;
    });
    // Laid out by the write just made, so reading it back costs nothing more (and holds the browser's clamp).
    topNow.current = el.scrollTop;
    setScrollTop(topNow.current);
  };

  const scrollToIndex = (index: number, align: Align) => {
    if (index < 0 || index >= count) return;
    const top = s.offset(index);
    const bottom = top + s.height(index);
    const current = topNow.current;
    const view = viewHeight();
    if (align === 'center') setTop(top - (view - (bottom - top)) / 2);
    else if (top < current) setTop(top);
    else if (bottom > current + view) setTop(bottom - view);
  };

  const isInView = (index: number) => {
    const current = topNow.current;
    return s.offset(index) >= current - 1 && s.offset(index) + s.height(index) <= current + viewHeight() + 1;
  };

  const focusIndex = (index: number) => {
    const target = Math.min(Math.max(0, index), count - 1);
    scrollToIndex(target, 'nearest');
    setPendingFocus(target);
  };

  if (handleRef) handleRef.current = { scrollToIndex, isInView, focusIndex };

  // Measure what was rendered once the browser has laid it out (a ResizeObserver reports after layout, before
  // paint): measuring in a layout effect forced a layout of the whole page still being built, then laid it out
  // again for the re-render. Rows above the first visible one that changed size move the content, so scrollTop
  // moves by the same amount and what the person reads stays put.
  const measured = useRef<((rows: readonly ResizeObserverEntry[]) => void) | null>(null);
  measured.current = (entries) => {
    const el = viewport.current;
    if (!el) return;
    // Laid out already here: the read is free, and keeps topNow true if the browser moved the list.
    topNow.current = el.scrollTop;
    const firstVisible = s.indexAt(topNow.current);
    let changed = false;
    let shift = 0;
    for (const entry of entries) {
      const row = entry.target as HTMLElement;
      if (row === el) {
        // Laid out already: reading it here costs no layout.
        shownHeight.current = el.clientHeight;
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
    if (!changed) return;
    if (shift !== 0) setTop(topNow.current + shift);
    setVersion((v) => v + 1);
  };
  const rows = useRef<RowObserver | null>(null);
  const observedFor = useRef<Sizes | null>(null);
  // Each render: rows that came are observed (their first report is their size), rows that went are let go;
  // new sizes (another count) have every row measured again.
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || !rows.current) return;
    rows.current.sync(el.querySelectorAll<HTMLElement>('[data-vrow]'), observedFor.current !== s);
    observedFor.current = s;
  });

  useLayoutEffect(() => {
    if (pendingFocus === null) return;
    const row = viewport.current?.querySelector<HTMLElement>(`[data-vrow="${pendingFocus}"]`);
    row?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    setPendingFocus(null);
  }, [pendingFocus]);

  const first = s.indexAt(scrollTop);
  let last = first;
  const bottom = scrollTop + viewHeight();
  while (last < count - 1 && s.offset(last + 1) < bottom) last++;
  const indexes: number[] = [];
  const start = Math.max(0, first - overscan);
  const end = Math.min(count - 1, last + overscan);
  const extra = [focused, pendingFocus].filter((i): i is number => i !== null && i < count && (i < start || i > end));
  for (const i of extra.filter((i) => i < start).sort((a, b) => a - b)) indexes.push(i);
  for (let i = start; i <= end; i++) indexes.push(i);
  for (const i of extra.filter((i) => i > end).sort((a, b) => a - b)) indexes.push(i);

  const handlers = useRef<ListEventHandlers | null>(null);
  handlers.current = {
    scroll(top) {
      topNow.current = top;
      if (ours.current) ours.current = false;
      else userScroll.current?.();
      setScrollTop(top);
    },
    userIntent: () => userScroll.current?.(),
    moveFocus(from, key) {
      focusIndex({ ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: count - 1 }[key]);
    },
    focusIn: setFocused,
    focusOut: () => setFocused(null),
  };
  // A layout effect: the listeners are there before the first frame the person can scroll.
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const detach = attachListEvents(el, () => handlers.current as ListEventHandlers);
    rows.current = observeRows(el, (entries) => measured.current?.(entries));
    rows.current?.sync(el.querySelectorAll<HTMLElement>('[data-vrow]'));
    observedFor.current = sizes.current;
    // A wider or narrower panel re-wraps the text: the rows' new heights come from the same observer.
    return () => {
      detach();
      rows.current?.disconnect();
      rows.current = null;
    };
  }, []);

  return (
    <div ref={viewport} class={`tl-vlist ${props.class ?? ''}`} style={{ height: `${height}px` }}>
      <div class="tl-vinner" style={{ height: `${s.total()}px` }}>
        {indexes.map((i) => (
          <div key={i} class="tl-vrow" data-vrow={i} style={{ top: `${s.offset(i)}px` }}>
            {renderRow(i)}
          </div>
        ))}
      </div>
    </div>
  );
}
