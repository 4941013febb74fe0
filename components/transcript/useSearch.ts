import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import { type CueFindings, type CueMatch, type CueSearch, createCueSearch } from '../../utils/search/cue-search';

export type Match = CueMatch;

const NOTHING: CueFindings = { matches: [], terms: [], has: () => false };

/**
 * Search state for one transcript, by the library's word rules (utils/search/cue-search.ts), in the
 * transcript's language when known. The index (every cue's words) is built when the search box is first
 * focused (`prepare`), or at the first keystroke: never while the page loads (when idle, it was still part of
 * every watch page's load, panel.page_cost_ms), and before the first query is typed. `found` says which cues
 * matched and by which terms, so each shown cue marks exactly the words counted.
 */
export function useTranscriptSearch(texts: readonly string[], lang?: string) {
  const built = useRef<{ texts: readonly string[]; lang: string | undefined; index: CueSearch } | null>(null);
  const indexFor = useCallback(() => {
    if (built.current?.texts !== texts || built.current.lang !== lang) {
      built.current = { texts, lang, index: createCueSearch(texts, lang) };
    }
    return built.current.index;
  }, [texts, lang]);
  const prepare = useCallback(() => void indexFor(), [indexFor]);
  const [query, setQueryState] = useState('');
  const [active, setActive] = useState(0);
  const found = useMemo(() => (query.trim() ? indexFor().find(query) : NOTHING), [indexFor, query]);
  const matches = found.matches;
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
    found,
    matches,
    active: current ? Math.min(active, matches.length - 1) : -1,
    current,
    step,
    prepare,
  };
}
