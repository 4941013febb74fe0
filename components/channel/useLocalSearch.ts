import { useEffect, useRef, useState } from 'preact/hooks';
import { MAX_QUERY_CHARS } from '../../utils/bounds';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import type { LocalSearch } from '../../utils/video-search/replies';
import type { TimeRange } from '../../utils/video-search/time-range';

export type LocalState =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; result: LocalSearch }
  | { state: 'error'; error: ReplyError };

const DEBOUNCE_MS = 150;
const IDLE: LocalState = { state: 'idle' };

/**
 * The saved transcripts of `ids` searched by the background's library index as the person types (free, no
 * request to the service). A late answer to an older query never replaces a newer one; an invalid range
 * (null) keeps the last results until it is fixed.
 */
export function useLocalSearch(
  send: Send,
  channel: string,
  query: string,
  ids: readonly string[],
  range: TimeRange | null,
): LocalState {
  const [result, setResult] = useState<LocalState>(IDLE);
  const asked = useRef(0);
  const scope = ids.join(',');
  const from = range?.from;
  const to = range?.to;

  useEffect(() => {
    const text = query.trim();
    if (text && scope !== '' && (from === undefined || to === undefined)) return;
    const ask = ++asked.current;
    if (!text || scope === '' || from === undefined || to === undefined) {
      // Already idle (on mount): the same state, so no second render.
      setResult((current) => (current.state === 'idle' ? current : IDLE));
      return;
    }
    setResult((current) => (current.state === 'done' ? current : { state: 'searching' }));
    const timer = setTimeout(() => {
      const message = {
        type: 'search.local' as const,
        channel,
        query: text.slice(0, MAX_QUERY_CHARS),
        ids: scope.split(','),
        from,
        to,
      };
      void send(message).then((reply) => {
        if (ask !== asked.current) return;
        setResult(reply.ok ? { state: 'done', result: reply.data } : { state: 'error', error: reply.error });
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [send, channel, query, scope, from, to]);

  return result;
}
