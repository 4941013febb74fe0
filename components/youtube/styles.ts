/**
 * The CSS of every component this module loads: the build puts it here (wxt.config.ts, `lazyModule`), since a
 * lazily loaded module's styles are not in the content script's own stylesheet.
 */
const CSS = '/*tl:lazy-css*/';

/** Which module's copy of this file is adding its styles: each module has its own CSS, added once per root. */
export type LazyModule = 'page' | 'channel' | 'tabs';

/**
 * Adds this module's styles, once, to the shadow root `root` is in (the panel in a YouTube page), or to the head of
 * its document (the panel's frame, entrypoints/panel-frame/).
 */
export function addStyles(root: HTMLElement, module: LazyModule): void {
  const holder = root.getRootNode();
  // A detached root has nothing to style.
  const target =
    holder.nodeType === Node.DOCUMENT_FRAGMENT_NODE
      ? (holder as ShadowRoot)
      : holder.nodeType === Node.DOCUMENT_NODE
        ? (holder as Document).head
        : null;
  if (!target || target.querySelector(`style[data-tl-lazy="${module}"]`)) return;
  const style = document.createElement('style');
  style.dataset.tlLazy = module;
  style.textContent = CSS;
  target.append(style);
}
