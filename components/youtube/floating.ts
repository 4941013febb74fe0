/**
 * Where a floating panel goes: the top right under YouTube's masthead, unless the player (or a channel's header,
 * passed as `player` too) is there, then below it, so it never covers the player's controls (they sit along its bottom edge). As the person
 * scrolls the player away, the panel moves up.
 */
export type Box = { top: number; right: number; width: number; maxHeight: number };
type Rect = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>;

const MASTHEAD = 72;
const MARGIN = 16;
const GAP = 8;
const WIDTH = 400;
/** The panel's header: what stays on screen when there is no more room. */
const HEADER = 48;
/** YouTube's control bar along the bottom of the player. */
const CONTROLS = 48;

export function floatingBox(viewport: { width: number; height: number }, player: Rect | null): Box {
  const width = Math.min(WIDTH, viewport.width - 2 * MARGIN);
  const left = viewport.width - MARGIN - width;
  let top = MASTHEAD;
  const overlapsPlayer = player !== null && player.right > left && player.left < viewport.width - MARGIN;
  if (player && overlapsPlayer && player.bottom > MASTHEAD) {
    top = player.bottom + GAP;
    // Controls scrolled below the window: the header may sit over the picture, never over the controls.
    if (top > viewport.height - HEADER && player.bottom - CONTROLS >= viewport.height) top = viewport.height - HEADER;
  }
  return { top, right: MARGIN, width, maxHeight: Math.max(HEADER, viewport.height - top - MARGIN) };
}

/** Keeps a floating host in its box as the page scrolls or resizes; returns the stop function. */
export function keepFloating(host: HTMLElement, player: () => Element | null): () => void {
  let queued = false;
  const apply = () => {
    queued = false;
    const rect = player()?.getBoundingClientRect() ?? null;
    const box = floatingBox({ width: window.innerWidth, height: window.innerHeight }, rect);
    // Custom properties: WXT's host reset (all: initial !important) leaves them alone; panel.css uses them.
    host.style.setProperty('--tl-top', `${box.top}px`);
    host.style.setProperty('--tl-right', `${box.right}px`);
    host.style.setProperty('--tl-width', `${box.width}px`);
    host.style.setProperty('--tl-max-height', `${box.maxHeight}px`);
  };
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(apply);
  };
  apply();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  return () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
  };
}
