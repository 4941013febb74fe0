import { useEffect, useRef, useState } from 'preact/hooks';
import type { LibraryHit } from '../../utils/library/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { FIRST_SCREEN } from './useFirstScreen';

export type SearchState =
  | { state: 'idle' }
  | { state: 'searching' }
  /** `more`: the first screen's hits, the rest still being read. */
  | { state: 'done'; hits: LibraryHit[]; more?: boolean }
  | { state: 'error'; error: ReplyError };

const DEBOUNCE_MS = 120;
/** The background's own limit when none is asked: what the page shows in all. */
const ALL = 100;

/**
 * Asks the background's index as the person types (a short pause first); a late answer to an older query
 * never replaces a newer one. `videoIds` narrows the search to the filtered videos. The first screen's hits are
 * asked first and shown, then all of them: each hit's passage is a read from disk in the worker, and the best
 * 20 of a ranking are the first 20 of its best 100 (ties go to the same side), so the list only grows.
 */
export function useLibrarySearch(
  send: PageSend,
  query: string,
  videoIds: readonly string[] | null,
  /** Changes when the index completes, so a search made while indexing is asked again over everything. */
  indexed = true,
): SearchState {
  const [result, setResult] = useState<SearchState>({ state: 'idle' });
  const asked = useRef(0);
  const scope = videoIds ? videoIds.join(',') : null;

  useEffect(() => {
    const asking = ++asked.current;
    if (!query.trim()) {
      setResult({ state: 'idle' });
      return;
    }
    setResult((current) => (current.state === 'done' ? current : { state: 'searching' }));
    const ids = scope === null ? undefined : scope === '' ? [] : scope.split(',');
    const timer = setTimeout(() => {
      if (ids && ids.length === 0) return setResult({ state: 'done', hits: [] });
      const ask = (limit: number) =>
        send({ type: 'library.search', query: query.slice(0, 200), limit, ...(ids && { videoIds: ids }) });
      void ask(FIRST_SCREEN).then((first) => {
        if (asked.current !== asking) return;
        if (!first.ok) return setResult({ state: 'error', error: first.error });
        // Fewer than a screenful: that was all of them.
        const more = first.data.length === FIRST_SCREEN;
        setResult({ state: 'done', hits: first.data, more });
        if (!more) return;
        void ask(ALL).then((all) => {
          if (asked.current !== asking) return;
          setResult(all.ok ? { state: 'done', hits: all.data } : { state: 'error', error: all.error });
        });
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `indexed` is a key: the same query is asked again once the index is complete.
  }, [send, query, scope, indexed]);

  return result;
}
