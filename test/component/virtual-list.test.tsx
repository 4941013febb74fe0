// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cueAt } from '../../components/transcript/cues';
import { createSizes } from '../../components/transcript/sizes';
import { VirtualList, type VirtualListHandle } from '../../components/transcript/VirtualList';
import { FakeResizeObserver } from './fake-resize-observer';

function mount(count: number, options: { onUserScroll?: () => void; overscan?: number } = {}) {
  const handle: { current: VirtualListHandle | null } = { current: null };
  const view = render(
    <VirtualList
      count={count}
      estimate={40}
      height={400}
      overscan={options.overscan ?? 5}
      handleRef={handle}
      onUserScroll={options.onUserScroll}
      renderRow={(i) => <button type="button">row {i}</button>}
    />,
  );
  const scroller = view.container.querySelector('.tl-vlist') as HTMLElement;
  const rows = () => screen.queryAllByRole('button').map((b) => Number(b.textContent?.slice(4)));
  const scrollTo = (top: number) => {
    scroller.scrollTop = top;
    fireEvent.scroll(scroller);
  };
  return { view, handle, scroller, rows, scrollTo };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VirtualList', () => {
  it('renders the visible rows plus overscan, with the full height as a spacer', () => {
    const { rows, view } = mount(10_000);
    expect(rows()).toEqual(Array.from({ length: 15 }, (_, i) => i)); // 0..9 visible (400 / 40) + 5 below
    expect((view.container.querySelector('.tl-vinner') as HTMLElement).style.height).toBe('400000px');
  });

  it('moves the window on scroll', async () => {
    const { rows, scrollTo } = mount(10_000);
    scrollTo(40 * 5000 + 20);
    await waitFor(() => expect(rows()[0]).toBe(4995));
    expect(rows()).toEqual(Array.from({ length: 21 }, (_, i) => 4995 + i));
  });

  it('scrolls to an index (center or nearest) without calling it a user scroll', async () => {
    const onUserScroll = vi.fn();
    const { handle, scroller, rows } = mount(1000, { onUserScroll });
    act(() => handle.current?.scrollToIndex(500, 'center'));
    expect(scroller.scrollTop).toBe(500 * 40 + 20 - 200);
    expect(handle.current?.isInView(500)).toBe(true);
    expect(handle.current?.isInView(0)).toBe(false);
    await waitFor(() => expect(rows()).toContain(500));
    fireEvent.scroll(scroller); // the browser's event for our own scroll
    expect(onUserScroll).not.toHaveBeenCalled();

    act(() => handle.current?.scrollToIndex(520, 'nearest'));
    expect(scroller.scrollTop).toBe(521 * 40 - 400);
    const before = scroller.scrollTop;
    act(() => handle.current?.scrollToIndex(515, 'nearest'));
    expect(scroller.scrollTop).toBe(before);
    act(() => handle.current?.scrollToIndex(999, 'center'));
    expect(scroller.scrollTop).toBe(1000 * 40 - 400); // clamped to the end
  });

  it('asks whether a row is in view from the last scroll, without reading scrollTop (a layout on a dirty page)', () => {
    const { handle, scrollTo } = mount(1000);
    scrollTo(40 * 300);
    const read = vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get');
    expect(handle.current?.isInView(300)).toBe(true);
    expect(handle.current?.isInView(0)).toBe(false);
    act(() => handle.current?.scrollToIndex(305, 'nearest')); // in view already: nothing to do
    expect(read).not.toHaveBeenCalled();
  });

  it('reports wheel, touch, scroll keys and foreign scrolls as the person’s', async () => {
    const onUserScroll = vi.fn();
    const { scroller, scrollTo } = mount(1000, { onUserScroll });
    fireEvent.wheel(scroller);
    fireEvent.touchMove(scroller);
    fireEvent.keyDown(scroller, { key: 'PageDown' });
    expect(onUserScroll).toHaveBeenCalledTimes(3);
    scrollTo(1234);
    expect(onUserScroll).toHaveBeenCalledTimes(4);
    fireEvent.keyDown(scroller, { key: 'a' });
    expect(onUserScroll).toHaveBeenCalledTimes(4);
  });

  it('a scroll event after our own scroll’s frame has passed is the person’s', async () => {
    const onUserScroll = vi.fn();
    const { handle, scrollTo } = mount(1000, { onUserScroll });
    act(() => handle.current?.scrollToIndex(300, 'center'));
    await frame();
    scrollTo(100);
    expect(onUserScroll).toHaveBeenCalledTimes(1);
  });

  it('keeps the focused row rendered when it scrolls out of the window', async () => {
    const { rows, scrollTo } = mount(1000);
    const row3 = screen.getByRole('button', { name: 'row 3' });
    row3.focus();
    scrollTo(40 * 600);
    await waitFor(() => expect(rows()).toContain(600));
    expect(rows()[0]).toBe(3);
    expect(document.activeElement).toBe(row3);
    // Focus leaving the list lets the row go.
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    await waitFor(() => expect(rows()).not.toContain(3));
    outside.remove();
  });

  it('arrow keys, Home and End move focus between rows, rendering the target', async () => {
    const { rows } = mount(1000);
    screen.getByRole('button', { name: 'row 0' }).focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('row 1'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('row 999'));
    expect(rows()).toContain(999);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('row 999'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('row 0'));
  });

  it('lays nothing out itself (the observer reports sizes after the browser’s layout) and lets rows that left go', async () => {
    FakeResizeObserver.all = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get');
    const { scroller, rows, scrollTo } = mount(1000);
    expect(clientHeight).not.toHaveBeenCalled();
    act(() => FakeResizeObserver.reportAll(() => 40));
    // Once, in the observer's report of the viewport, when the layout is done already.
    expect(clientHeight).toHaveBeenCalledTimes(1);
    scrollTo(40 * 600);
    await waitFor(() => expect(rows()).toContain(600));
    expect(rect).not.toHaveBeenCalled();
    expect(clientHeight).toHaveBeenCalledTimes(1);
    const watched = [...(FakeResizeObserver.all[0]?.watched ?? [])];
    const rendered = [...scroller.querySelectorAll('[data-vrow]')];
    expect(watched).toEqual([scroller, ...rendered]);
  });

  it('uses measured heights and keeps the reading position when rows above it grow', async () => {
    // Rows measure 80 px once laid out (twice the estimate), as the ResizeObserver reports them.
    FakeResizeObserver.all = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const heights = (target: Element) => ((target as HTMLElement).dataset.vrow !== undefined ? 80 : 400);
    const { view, scroller, scrollTo } = mount(100, { overscan: 2 });
    const inner = view.container.querySelector('.tl-vinner') as HTMLElement;
    expect(inner.style.height).toBe('4000px');
    act(() => FakeResizeObserver.reportAll(heights));
    await waitFor(() => expect(inner.style.height).not.toBe('4000px'));
    const row = (i: number) => view.container.querySelector<HTMLElement>(`[data-vrow="${i}"]`);
    await waitFor(() => expect(row(1)?.style.top).toBe('80px'));

    // Rows 0..11 (visible + overscan) were measured: 12 * 40 px more than estimated. Scroll so row 50 is
    // at the top; rows 48 and 49 (overscan above it) then measure 40 px more each, so row 50 moves down
    // 80 px and scrollTop follows: row 50 stays at the top.
    await frame();
    const row50 = 50 * 40 + 12 * 40;
    scrollTo(row50);
    await waitFor(() => expect(row(48)).not.toBeNull());
    act(() => FakeResizeObserver.reportAll(heights));
    await waitFor(() => expect(scroller.scrollTop).toBe(row50 + 80));
    expect(row(50)?.style.top).toBe(`${row50 + 80}px`);
  });
});

describe('sizes and cue lookup', () => {
  it('computes offsets and finds the row under a pixel', () => {
    const sizes = createSizes(5, 10);
    sizes.setHeight(1, 30);
    expect([0, 1, 2, 3, 4, 5].map((i) => sizes.offset(i))).toEqual([0, 10, 40, 50, 60, 70]);
    expect(sizes.total()).toBe(70);
    expect([0, 9, 10, 39, 40, 69, 1000].map((px) => sizes.indexAt(px))).toEqual([0, 0, 1, 1, 2, 4, 4]);
    expect(createSizes(0, 10).indexAt(50)).toBe(0);
  });

  it('cueAt is a binary search: the last cue starting at or before the time', () => {
    const starts = Float64Array.from([0.5, 2, 2, 7.25, 10]);
    expect([0, 0.5, 1.9, 2, 7.24, 7.25, 9.99, 10, 1e9].map((t) => cueAt(starts, t))).toEqual([
      -1, 0, 0, 2, 2, 3, 3, 4, 4,
    ]);
    expect(cueAt(starts, Number.NaN)).toBe(-1);
    expect(cueAt(new Float64Array(0), 5)).toBe(-1);
  });

  it('cueAt over 6,000 cues costs microseconds', () => {
    const starts = Float64Array.from({ length: 6000 }, (_, i) => i * 2.5);
    const begin = performance.now();
    let sum = 0;
    for (let k = 0; k < 100_000; k++) sum += cueAt(starts, (k * 7.3) % 15_000);
    const perCall = (performance.now() - begin) / 100_000;
    expect(sum).toBeGreaterThan(0);
    expect(perCall).toBeLessThan(0.02); // 20 µs, against a 2 ms budget
  });
});
