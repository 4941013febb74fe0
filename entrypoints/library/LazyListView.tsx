import { useEffect, useState } from 'preact/hooks';
import type { ListViewProps } from './ListView';

type View = (props: ListViewProps) => preact.JSX.Element;
/** The module once loaded: a second list on the page draws at once. */
let loaded: View | null = null;

/**
 * The channel view's bulk view (./ListView.tsx), its components and stylesheet loaded when a list first needs
 * it: a list is only ever shown after the page's first screen (a paste read, a selection, a handed watchlist),
 * so the library's open does not evaluate them.
 */
export function LazyListView(props: ListViewProps) {
  const [View, setView] = useState<View | null>(() => loaded);
  useEffect(() => {
    if (View) return;
    let current = true;
    void import('./ListView').then(({ ListView }) => {
      loaded = ListView;
      if (current) setView(() => ListView);
    });
    return () => {
      current = false;
    };
  }, [View]);
  return View ? <View {...props} /> : null;
}
