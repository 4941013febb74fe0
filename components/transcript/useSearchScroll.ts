import { useEffect } from 'preact/hooks';
import type { useTranscriptSearch } from './useSearch';
import type { VirtualListHandle } from './VirtualList';

type Search = ReturnType<typeof useTranscriptSearch>;

/**
 * Brings search matches into view: a new query's first match at once, like a browser's find, and the next or
 * previous one on a step. Following is paused first, or it would scroll the match away again.
 */
export function useSearchScroll(
  search: Search,
  pauseFollowing: () => void,
  list: { current: VirtualListHandle | null },
) {
  const step = (by: 1 | -1) => {
    const match = search.step(by);
    if (!match) return;
    pauseFollowing();
    list.current?.scrollToIndex(match.cue, 'center');
  };
  const first = search.query.trim() ? search.matches[0] : undefined;
  useEffect(() => {
    if (!first) return;
    pauseFollowing();
    list.current?.scrollToIndex(first.cue, 'center');
  }, [first, pauseFollowing]);
  return step;
}
