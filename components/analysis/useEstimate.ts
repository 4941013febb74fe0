import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';
import type { QuotedEstimate as Estimate } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';

type Args = { send: Send; videoId: string; mode: AnalysisMode | null; partial: boolean; durationSeconds?: number };
export type EstimateState = {
  estimate: Estimate | null;
  error: ReplyError | null;
  loading: boolean;
  retry: () => void;
};

/** The cost of the chosen analysis, re-asked whenever mode, partial or duration change; stale replies dropped. */
export function useEstimate({ send, videoId, mode, partial, durationSeconds }: Args): EstimateState {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);
  /** A re-ask on the tab's return keeps the shown price until the new one comes (no flicker). */
  const quiet = useRef(false);
  const sendRef = useLatest(send);

  // `attempt` is the retry trigger.
  useEffect(() => {
    if (!mode) return;
    const mine = ++seq.current;
    if (!quiet.current) {
      setLoading(true);
      setError(null);
      setEstimate(null);
    }
    quiet.current = false;
    sendRef
      .current({
        type: 'analysis.estimate',
        videoId,
        mode,
        partial,
        ...(durationSeconds === undefined ? {} : { durationSeconds }),
      })
      .then((reply) => {
        if (mine !== seq.current) return;
        setLoading(false);
        if (reply.ok) setEstimate(reply.data);
        else setError(reply.error);
      });
  }, [videoId, mode, partial, durationSeconds, attempt]);

  useEffect(
    () => () => {
      seq.current++;
    },
    [],
  );

  // Back on the tab (after topping up on the service's website, say): the price and balance are asked again.
  useEffect(() => {
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      quiet.current = true;
      setAttempt((n) => n + 1);
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { estimate, error, loading, retry };
}
