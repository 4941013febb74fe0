import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';

/**
 * The virtual list's scroll position: as rendered (`scrollTop`), and as the last scroll event or our own scroll
 * left it (`topNow`). Reading scrollTop in an effect lays out the page when it is dirty, as it is while YouTube
 * builds it: the follow effect asked on every new cue. Scroll events run before the frame's callbacks, where
 * effects run, so `topNow` is current there. `ours` marks the scroll this list made itself.
 */
export function useScroller(viewport: RefObject<HTMLDivElement>, maxTop: () => number) {
  const [scrollTop, setScrollTop] = useState(0);
  const ours = useRef(false);
  const topNow = useRef(0);

  const setTop = (value: number) => {
    const el = viewport.current;
    if (!el) return;
    const next = Math.round(Math.min(Math.max(0, value), Math.max(0, maxTop())));
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

  return { scrollTop, setScrollTop, topNow, ours, setTop };
}
