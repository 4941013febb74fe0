import { useMemo } from 'preact/hooks';
import type { LibraryItem } from '../../utils/library/replies';
import { applyFilters, type Filters, isFiltered } from './filters';

/**
 * What the list shows of the library: the items the filters keep, the search's scope (null when unfiltered),
 * the shown ones selected, the ones an export takes (the selection, else all shown), and lookups by video.
 */
export function useShownItems(items: LibraryItem[], filters: Filters, selected: ReadonlySet<string>) {
  const shown = useMemo(() => applyFilters(items, filters), [items, filters]);
  const scope = useMemo(() => (isFiltered(filters) ? shown.map((i) => i.videoId) : null), [filters, shown]);
  const selectedShown = shown.filter((i) => selected.has(i.videoId));
  const chosen = selectedShown.length > 0 ? selectedShown : shown;
  const total = items.reduce((n, i) => n + i.bytes, 0);
  const titles = useMemo(
    () => new Map(items.flatMap((i) => (i.title ? [[i.videoId, i.title] as const] : []))),
    [items],
  );
  const saved = useMemo(() => new Set(items.flatMap((i) => (i.transcript ? [i.videoId] : []))), [items]);
  return { shown, scope, selectedShown, chosen, total, titles, saved };
}
