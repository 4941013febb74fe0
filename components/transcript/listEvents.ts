/** What the virtual list needs to hear from its scroll container. */
export interface ListEventHandlers {
  /** Every scroll event, ours or the person's. */
  scroll(top: number): void;
  /** Wheel, touch or a scroll key: the person moves the list. */
  userIntent(): void;
  /** Arrow/Home/End pressed on a row: move focus to that row instead of scrolling. */
  moveFocus(from: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'): void;
  focusIn(row: number | null): void;
  focusOut(): void;
}

const ROW_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', ' ', ...ROW_KEYS]);

export function rowOf(target: EventTarget | null): number | null {
  const row = target instanceof Element ? target.closest<HTMLElement>('[data-vrow]') : null;
  return row ? Number(row.dataset.vrow) : null;
}

/**
 * Listens on the scroll container. Wheel, touch and scroll are passive so scrolling never waits for us;
 * `handlers()` is read on each event so the latest render's closures answer.
 */
export function attachListEvents(el: HTMLElement, handlers: () => ListEventHandlers): () => void {
  const onScroll = () => handlers().scroll(el.scrollTop);
  const onIntent = () => handlers().userIntent();
  const onKey = (event: KeyboardEvent) => {
    if (!SCROLL_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = rowOf(event.target);
    if (row !== null && ROW_KEYS.has(event.key)) {
      event.preventDefault();
      handlers().userIntent();
      handlers().moveFocus(row, event.key as 'ArrowDown' | 'ArrowUp' | 'Home' | 'End');
    } else if (event.key !== ' ' || event.target === el) {
      handlers().userIntent(); // the browser scrolls; Space on a cue presses it instead
    }
  };
  const onFocusIn = (event: FocusEvent) => handlers().focusIn(rowOf(event.target));
  const onFocusOut = (event: FocusEvent) => {
    // Focus leaving the window (no relatedTarget) comes back to the same row: keep that row rendered.
    const next = event.relatedTarget;
    if (next instanceof Node && !el.contains(next)) handlers().focusOut();
  };
  // One signal removes every listener at once.
  const stop = new AbortController();
  const { signal } = stop;
  const passive = { passive: true, signal } as const;
  el.addEventListener('scroll', onScroll, passive);
  el.addEventListener('wheel', onIntent, passive);
  el.addEventListener('touchmove', onIntent, passive);
  el.addEventListener('keydown', onKey, { signal });
  el.addEventListener('focusin', onFocusIn, { signal });
  el.addEventListener('focusout', onFocusOut, { signal });
  return () => stop.abort();
}
