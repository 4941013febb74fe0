import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { createSearchIndex, fold, type SearchIndex } from '../../utils/search/fold';

export interface Match {
  cue: number;
  /** Which match inside the cue (0-based), to mark the active one. */
  nth: number;
}

/**
 * Every occurrence of `query`, in cue order. The index says which cues match; occurrences are counted in
 * the same folded text `highlightSpans` scans, so the count agrees with the <mark>s shown.
 */
export function findMatches(index: SearchIndex, folded: readonly string[], query: string): Match[] {
  const needle = fold(query).trim();
  if (!needle) return [];
  const matches: Match[] = [];
  for (const cue of index.find(query)) {
    const text = folded[cue] ?? '';
    let nth = 0;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      matches.push({ cue, nth: nth++ });
    }
    if (nth === 0) matches.push({ cue, nth: 0 });
  }
  return matches;
}

/**
 * Search state for one transcript. The index (every cue folded once) is built when the search box is first
 * focused (`prepare`), or at the first keystroke: never while the page loads (when idle, it was still part of
 * every watch page's load, panel.page_cost_ms), and before the first query is typed; each query is then a scan
 * of folded strings.
 */
export function useTranscriptSearch(texts: readonly string[]) {
  const built = useRef<{ texts: readonly string[]; index: SearchIndex } | null>(null);
  const indexFor = useCallback(() => {
    if (built.current?.texts !== texts) built.current = { texts, index: createSearchIndex(texts) };
    return built.current.index;
  }, [texts]);
  const prepare = useCallback(() => void indexFor(), [indexFor]);
  const [query, setQueryState] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    if (!fold(query).trim()) return [];
    const index = indexFor();
    return findMatches(index, index.folded, query);
  }, [indexFor, query]);
  const current = matches.length > 0 ? (matches[Math.min(active, matches.length - 1)] ?? null) : null;

  const setQuery = (next: string) => {
    setQueryState(next);
    setActive(0);
  };
  /** Moves to the next (+1) or previous (-1) match, wrapping; returns it. */
  const step = (by: 1 | -1): Match | null => {
    if (matches.length === 0) return null;
    const next = (Math.min(active, matches.length - 1) + by + matches.length) % matches.length;
    setActive(next);
    return matches[next] ?? null;
  };
  return {
    query,
    setQuery,
    matches,
    active: current ? Math.min(active, matches.length - 1) : -1,
    current,
    step,
    prepare,
  };
}
