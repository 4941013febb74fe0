export type Placement = 'secondary-inner' | 'secondary' | 'floating';

/** The best place for the panel: YouTube's right column when it exists, else a floating panel. */
export function findAnchor(doc: Document): { placement: Placement; element: Element } {
  const inner = doc.querySelector('ytd-watch-flexy #secondary-inner, #secondary-inner');
  if (inner) return { placement: 'secondary-inner', element: inner };
  const secondary = doc.querySelector('ytd-watch-flexy #secondary, #secondary');
  if (secondary) return { placement: 'secondary', element: secondary };
  return { placement: 'floating', element: doc.body };
}
