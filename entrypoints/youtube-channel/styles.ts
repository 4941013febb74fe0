/**
 * The CSS of every component this module loads: the build puts it here (wxt.config.ts, `lazyModule`), since a
 * lazily loaded module's styles are not in the content script's own stylesheet.
 */
const CSS = '/*tl:lazy-css*/';

/** Which module's copy of this file is adding its styles: each module has its own CSS, added once per root. */
export type LazyModule = 'page' | 'channel' | 'tabs';

/** Adds this module's styles to the shadow root `root` is in, once. */
export function addStyles(root: HTMLElement, module: LazyModule): void {
  const shadow = root.getRootNode() as ShadowRoot;
  // Outside a shadow root (a detached root) there is nothing to style.
  if (shadow.nodeType !== Node.DOCUMENT_FRAGMENT_NODE || shadow.querySelector(`style[data-tl-lazy="${module}"]`)) {
    return;
  }
  const style = document.createElement('style');
  style.dataset.tlLazy = module;
  style.textContent = CSS;
  shadow.append(style);
}
