/**
 * The CSS of every component this module loads: the build puts it here (wxt.config.ts, `lazyModule`), since a
 * lazily loaded module's styles are not in the content script's own stylesheet.
 */
const CSS = '/*tl:lazy-css*/';

/** Adds the module's styles to the shadow root `root` is in, once. */
export function addStyles(root: HTMLElement): void {
  const shadow = root.getRootNode() as ShadowRoot;
  // Outside a shadow root (a detached root) there is nothing to style.
  if (shadow.nodeType !== Node.DOCUMENT_FRAGMENT_NODE || shadow.querySelector('style[data-tl-lazy]')) return;
  const style = document.createElement('style');
  style.dataset.tlLazy = '';
  style.textContent = CSS;
  shadow.append(style);
}
