export type Placement = 'secondary-inner' | 'secondary' | 'floating';

// The right column of the watch layout showing now: YouTube keeps earlier layouts in the DOM, hidden.
const SHOWN = 'ytd-watch-flexy:not([hidden])';

/**
 * The best place for the panel: YouTube's visible right column when it exists, else a floating panel. Channel
 * pages float: the watch page's column may still be in the document there, hidden.
 */
export function findAnchor(doc: Document, onChannel = false): { placement: Placement; element: Element } {
  if (onChannel) return { placement: 'floating', element: doc.body };
  const inner = doc.querySelector(`${SHOWN} #secondary-inner`) ?? unhidden(doc, '#secondary-inner');
  if (inner) return { placement: 'secondary-inner', element: inner };
  const secondary = doc.querySelector(`${SHOWN} #secondary`) ?? unhidden(doc, '#secondary');
  if (secondary) return { placement: 'secondary', element: secondary };
  return { placement: 'floating', element: doc.body };
}

/** An element outside any hidden watch layout (pages without one, such as /live, have the column alone). */
function unhidden(doc: Document, selector: string): Element | null {
  for (const element of doc.querySelectorAll(selector)) {
    if (!element.closest('ytd-watch-flexy[hidden]')) return element;
  }
  return null;
}

/** The panel sits in a layout YouTube has hidden (an earlier page): it must move. */
export function inHiddenLayout(host: Element): boolean {
  return host.closest('ytd-watch-flexy[hidden]') !== null;
}
