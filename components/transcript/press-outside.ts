import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * While `open`, a press anywhere outside `wrap` calls `close`. Presses inside the panel are judged on its shadow
 * root, where composedPath is whole even when the root is closed; presses on the page, on the document, where a
 * closed root shows only its host. A layout effect, so the very next press already counts.
 */
export function usePressOutside(wrap: RefObject<HTMLElement>, open: boolean, close: () => void): void {
  useLayoutEffect(() => {
    const menu = wrap.current;
    const doc = menu?.ownerDocument;
    if (!open || !menu || !doc) return;
    const root = menu.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : null;
    const inside = (event: Event) => {
      if (!event.composedPath().includes(menu)) close();
    };
    const outside = (event: Event) => {
      if (host && !event.composedPath().includes(host)) close();
    };
    const target = host ? root : doc;
    target.addEventListener('pointerdown', inside, true);
    if (host) doc.addEventListener('pointerdown', outside, true);
    return () => {
      target.removeEventListener('pointerdown', inside, true);
      doc.removeEventListener('pointerdown', outside, true);
    };
    // `close` is a fresh closure each render; only `open` starts and stops the listening, as before.
  }, [open]);
}
