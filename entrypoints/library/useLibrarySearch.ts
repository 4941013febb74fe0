import { useEffect, useRef, useState } from 'preact/hooks';
import type { LibraryHit } from '../../utils/library/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';

export type SearchState =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; hits: LibraryHit[] }
  | { state: 'error'; error: ReplyError };

const DEBOUNCE_MS = 120;

/**
 * Asks the background's index as the person types (a short pause first); a late answer to an older query
 * never replaces a newer one. `videoIds` narrows the search to the filtered videos.
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
    const ask = ++asked.current;
    if (!query.trim()) {
      setResult({ state: 'idle' });
      return;
    }
    setResult((current) => (current.state === 'done' ? current : { state: 'searching' }));
    const ids = scope === null ? undefined : scope === '' ? [] : scope.split(',');
    const timer = setTimeout(() => {
      if (ids && ids.length === 0) return setResult({ state: 'done', hits: [] });
      void send({ type: 'library.search', query: query.slice(0, 200), ...(ids && { videoIds: ids }) }).then((reply) => {
        if (ask !== asked.current) return;
        setResult(reply.ok ? { state: 'done', hits: reply.data } : { state: 'error', error: reply.error });
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `indexed` is a key: the same query is asked again once the index is complete.
  }, [send, query, scope, indexed]);

  return result;
}
