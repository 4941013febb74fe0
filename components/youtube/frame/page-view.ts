import type { ViewSource } from '../../transcript/useAutoLoad';

let page = { visible: false, focused: false };
const listeners = new Set<() => void>();

/**
 * "In view" for the panel in its frame: the tab shows, and the page has the focus or the person is in the panel
 * (clicking into the frame takes the focus from the page). What the page is doing comes from the content script,
 * which reads it in its own world: a page script cannot fake it. Until it says, nothing is in view.
 */
export const frameView: ViewSource = {
  inView: () => page.visible && (page.focused || document.hasFocus()),
  listen(onChange) {
    listeners.add(onChange);
    window.addEventListener('focus', onChange);
    window.addEventListener('blur', onChange);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('focus', onChange);
      window.removeEventListener('blur', onChange);
    };
  },
};

/** The content script's news of the page. */
export function updatePageView(next: { visible: boolean; focused: boolean }): void {
  page = next;
  for (const listener of [...listeners]) listener();
}
