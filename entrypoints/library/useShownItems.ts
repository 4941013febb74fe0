import { useMemo } from 'preact/hooks';
import type { LibraryItem, LibraryList } from '../../utils/library/replies';
import { applyFilters, type Filters, isFiltered } from './filters';

const NONE: LibraryItem[] = [];

/**
 * What the list shows of the library: the items the filters keep, the search's scope (null when unfiltered),
 * the shown ones selected, the ones an export takes (the selection, else all shown), what the library holds
 * (null while unlisted), whether only its first screen is listed yet (`partial`: what acts on the whole list
 * waits for the rest), and lookups by video.
 */
export function useShownItems(list: LibraryList | null, filters: Filters, selected: ReadonlySet<string>) {
  const items = list?.items ?? NONE;
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
  const held = list ? { n: list.more?.count ?? items.length, bytes: list.more?.bytes ?? total } : null;
  return { shown, scope, selectedShown, chosen, held, partial: Boolean(list?.more), titles, saved };
}
