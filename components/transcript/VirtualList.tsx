import './virtual-list.css';
import type { ComponentChild } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { attachListEvents, type ListEventHandlers } from './listEvents';
import { createSizes, type Sizes } from './sizes';
import { usePendingFocus } from './usePendingFocus';
import { useRowObserver } from './useRowObserver';
import { useScroller } from './useScroller';
import { type Align, rowsToRender, scrollTopFor, takeMeasures } from './virtual-rows';

export type { Align };

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
  const [, setVersion] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  const [pendingFocus, setPendingFocus] = usePendingFocus(viewport);
  const { scrollTop, setScrollTop, topNow, ours, setTop } = useScroller(viewport, () => s.total() - viewHeight());
  const userScroll = useRef(props.onUserScroll);
  userScroll.current = props.onUserScroll;

  // The viewport's inner height, as last laid out (the observer below reports it): reading clientHeight while
  // rendering forced a layout of the page each render.
  const shownHeight = useRef<number | null>(null);
  const viewHeight = () => shownHeight.current || height;

  const scrollToIndex = (index: number, align: Align) => {
    if (index < 0 || index >= count) return;
    const to = scrollTopFor(s, index, align, topNow.current, viewHeight());
    if (to !== null) setTop(to);
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
    const { changed, shift, viewHeight: shown } = takeMeasures(entries, el, s, firstVisible);
    if (shown !== null) shownHeight.current = shown;
    if (!changed) return;
    if (shift !== 0) setTop(topNow.current + shift);
    setVersion((v) => v + 1);
  };
  const rowObserver = useRowObserver(viewport, sizes, measured);

  const frame = { scrollTop, view: viewHeight(), count, overscan };
  const indexes = rowsToRender(s, frame, [focused, pendingFocus]);

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
    const stopObserving = rowObserver.start(el);
    // A wider or narrower panel re-wraps the text: the rows' new heights come from the same observer.
    return () => {
      detach();
      stopObserving();
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
