import type { PanelPlacement } from '../../utils/panel/prefs';

export type Placement = 'secondary-inner' | 'secondary' | 'floating';

// The right column of the watch layout showing now: YouTube keeps earlier layouts in the DOM, hidden.
const SHOWN = 'ytd-watch-flexy:not([hidden])';

export type AnchorWish = {
  /** Channel pages float: the watch page's column may still be in the document there, hidden. */
  onChannel?: boolean;
  /** The person's choice for watch pages. */
  wanted?: PanelPlacement;
};

/**
 * The best place for the panel: YouTube's visible right column when it exists and is laid out (below the
 * two-column breakpoint YouTube stops showing it), else a floating panel.
 */
export function findAnchor(doc: Document, wish: AnchorWish = {}): { placement: Placement; element: Element } {
  const floating = { placement: 'floating' as const, element: doc.body };
  if (wish.onChannel || wish.wanted === 'floating') return floating;
  const inner = doc.querySelector(`${SHOWN} #secondary-inner`) ?? unhidden(doc, '#secondary-inner');
  if (inner && shown(inner)) return { placement: 'secondary-inner', element: inner };
  const secondary = doc.querySelector(`${SHOWN} #secondary`) ?? unhidden(doc, '#secondary');
  if (secondary && shown(secondary)) return { placement: 'secondary', element: secondary };
  return floating;
}

/** True when a watch page is still being built: its column may appear in a moment. */
export function columnPending(doc: Document): boolean {
  return doc.querySelector(`${SHOWN} #primary`) === null || doc.querySelector(`${SHOWN} #secondary`) === null;
}

/**
 * Rendered: YouTube's narrow layout keeps the column in the DOM but does not display it. checkVisibility needs
 * the page's styles only, where getClientRects laid out the page still being built, once more per look.
 */
export function shown(element: Element): boolean {
  return element.checkVisibility();
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
