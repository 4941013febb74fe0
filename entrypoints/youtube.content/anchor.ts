export type Placement = 'secondary-inner' | 'secondary' | 'floating';

/**
 * The best place for the panel: YouTube's right column when it exists, else a floating panel. Channel pages
 * float: the watch page's column may still be in the document there, hidden.
 */
export function findAnchor(doc: Document, onChannel = false): { placement: Placement; element: Element } {
  if (onChannel) return { placement: 'floating', element: doc.body };
  const inner = doc.querySelector('ytd-watch-flexy #secondary-inner, #secondary-inner');
  if (inner) return { placement: 'secondary-inner', element: inner };
  const secondary = doc.querySelector('ytd-watch-flexy #secondary, #secondary');
  if (secondary) return { placement: 'secondary', element: secondary };
  return { placement: 'floating', element: doc.body };
}
