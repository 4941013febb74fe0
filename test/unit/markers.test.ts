// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MarkerItem, renderProgressMarkers } from '../../components/youtube/markers';

function playerHtml(): string {
  return '<div class="ytp-progress-bar" role="slider"><div class="ytp-scrubber"></div></div>';
}

beforeEach(() => {
  document.body.innerHTML = `<div id="movie_player">${playerHtml()}</div>`;
});
afterEach(() => {
  document.body.innerHTML = '';
});

const bar = () => document.querySelector('.ytp-progress-bar') as HTMLElement;
const markers = () => Array.from(document.querySelectorAll<HTMLButtonElement>('.tl-markers .tl-marker'));

const items: MarkerItem[] = [
  { time: 0, label: 'Intro', kind: 'chapter' },
  { time: 150, label: 'A slide with a chart', kind: 'evidence' },
  { time: 300, label: 'Wrap up', kind: 'chapter' },
];

describe('renderProgressMarkers', () => {
  it('draws one positioned marker per item inside the progress bar, with tooltip and name', () => {
    renderProgressMarkers(document, items, 600, () => {});
    const box = bar().querySelector('.tl-markers') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box.style.getPropertyValue('position')).toBe('absolute');
    expect(box.style.getPropertyValue('pointer-events')).toBe('none');
    const [intro, slide, wrap] = markers();
    expect(markers()).toHaveLength(3);
    expect(intro?.style.getPropertyValue('left')).toBe('0%');
    expect(slide?.style.getPropertyValue('left')).toBe('25%');
    expect(wrap?.style.getPropertyValue('left')).toBe('50%');
    expect(slide?.title).toBe('2:30 A slide with a chart');
    expect(slide?.getAttribute('aria-label')).toBe('Evidence at 2:30: A slide with a chart');
    expect(wrap?.getAttribute('aria-label')).toBe('Chapter at 5:00: Wrap up');
    expect(slide?.style.getPropertyValue('pointer-events')).toBe('auto');
  });

  it('seeks on click and keeps the click and mousedown from reaching YouTube’s bar', () => {
    const onSeek = vi.fn();
    const barClick = vi.fn();
    const barDown = vi.fn();
    bar().addEventListener('click', barClick);
    bar().addEventListener('mousedown', barDown);
    renderProgressMarkers(document, items, 600, onSeek);
    const slide = markers()[1] as HTMLButtonElement;
    slide.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    slide.click();
    expect(onSeek).toHaveBeenCalledWith(150);
    expect(barClick).not.toHaveBeenCalled();
    expect(barDown).not.toHaveBeenCalled();
  });

  it('skips items whose time is null, negative, not finite or past the end', () => {
    renderProgressMarkers(
      document,
      [
        { time: null, label: 'no time', kind: 'chapter' },
        { time: -5, label: 'negative', kind: 'evidence' },
        { time: Number.NaN, label: 'nan', kind: 'evidence' },
        { time: 601, label: 'late', kind: 'chapter' },
        { time: 600, label: 'the end', kind: 'chapter' },
      ],
      600,
      () => {},
    );
    expect(markers().map((m) => m.title)).toEqual(['10:00 the end']);
  });

  it('draws nothing without a known duration', () => {
    renderProgressMarkers(document, items, Number.NaN, () => {});
    expect(markers()).toHaveLength(0);
  });

  it('sets labels as text, never as markup', () => {
    const label = '<img src=x onerror="alert(1)"> & "quotes"';
    renderProgressMarkers(document, [{ time: 10, label, kind: 'evidence' }], 60, () => {});
    expect(document.querySelector('.tl-markers img')).toBeNull();
    expect(markers()[0]?.title).toBe(`0:10 ${label}`);
  });

  it('replaces the previous markers when called again', () => {
    renderProgressMarkers(document, items, 600, () => {});
    renderProgressMarkers(document, [{ time: 60, label: 'Only', kind: 'chapter' }], 600, () => {});
    expect(document.querySelectorAll('.tl-markers')).toHaveLength(1);
    expect(markers().map((m) => m.title)).toEqual(['1:00 Only']);
  });

  it('cleanup removes the markers', () => {
    const cleanup = renderProgressMarkers(document, items, 600, () => {});
    cleanup();
    expect(document.querySelector('.tl-markers')).toBeNull();
    cleanup.refresh();
    expect(document.querySelector('.tl-markers')).toBeNull();
  });

  it('refresh re-attaches the markers after YouTube re-renders the bar', () => {
    const cleanup = renderProgressMarkers(document, items, 600, () => {});
    const player = document.querySelector('#movie_player') as HTMLElement;
    player.innerHTML = playerHtml();
    cleanup.refresh();
    expect(bar().querySelectorAll('.tl-marker')).toHaveLength(3);
  });

  it('re-attaches by itself when the bar is replaced', async () => {
    renderProgressMarkers(document, items, 600, () => {});
    const player = document.querySelector('#movie_player') as HTMLElement;
    player.innerHTML = playerHtml();
    await vi.waitFor(() => expect(bar().querySelectorAll('.tl-marker')).toHaveLength(3));
  });
});
