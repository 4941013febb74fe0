import { useEffect, useState } from 'preact/hooks';

/** About a screenful of results: what is laid out before the first paint. */
export const FIRST_SCREEN = 20;

/**
 * The first screenful of `items` at once and all of them after the next paint (Preact runs effects then): laying
 * out 100 results costs most of a search's time (library.search_ms_1000_videos), while a person reads the
 * first ones. A new list starts again from its first screenful.
 */
export function useFirstScreen<T>(items: readonly T[], first = FIRST_SCREEN): readonly T[] {
  const [whole, setWhole] = useState<readonly T[] | null>(null);
  useEffect(() => {
    if (items.length > first) setWhole(items);
  }, [items, first]);
  return whole === items ? items : items.slice(0, first);
}
