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
  /** Asking with no price on screen (a first ask, another mode or part): the button waits. */
  loading: boolean;
  retry: () => void;
  /**
   * Null when the price on screen is the latest answer; while it is being asked again, the answer to come (null
   * when that ask failed). A click made meanwhile waits for it (StartForm.tsx).
   */
  pending: () => Promise<Estimate | null> | null;
};

/**
 * The cost of the chosen analysis, re-asked whenever mode, partial or duration change; stale replies dropped.
 * A re-ask of the same purchase (the player's length arriving after the first price, the tab's return, a retry)
 * keeps the shown price and the button on screen until the new price is in, so a click under the cursor is never
 * dropped by a button that blinked off; the click then waits for that price (`pending`).
 */
export function useEstimate({ send, videoId, mode, partial, durationSeconds }: Args): EstimateState {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);
  /** The price on screen and the purchase it prices (video, mode, part). */
  const shown = useRef<{ subject: string; estimate: Estimate } | null>(null);
  const asking = useRef<Promise<void> | null>(null);
  const sendRef = useLatest(send);

  // `attempt` is the retry trigger.
  useEffect(() => {
    if (!mode) return;
    const mine = ++seq.current;
    const subject = JSON.stringify([videoId, mode, partial]);
    if (shown.current?.subject !== subject) {
      shown.current = null;
      setLoading(true);
      setError(null);
      setEstimate(null);
    }
    const asked = sendRef
      .current({
        type: 'analysis.estimate',
        videoId,
        mode,
        partial,
        ...(durationSeconds === undefined ? {} : { durationSeconds }),
      })
      .then((reply) => {
        if (asking.current === asked) asking.current = null;
        if (mine !== seq.current) return;
        setLoading(false);
        // A failed re-ask takes the old price off: a click then would buy at a price no longer checked.
        shown.current = reply.ok ? { subject, estimate: reply.data } : null;
        setEstimate(reply.ok ? reply.data : null);
        setError(reply.ok ? null : reply.error);
      });
    asking.current = asked;
  }, [videoId, mode, partial, durationSeconds, attempt]);

  // Gone (another video, the tab closed): answers are dropped and a press still waiting buys nothing.
  useEffect(
    () => () => {
      seq.current++;
      shown.current = null;
    },
    [],
  );

  // Back on the tab (after topping up on the service's website, say): the price and balance are asked again.
  useEffect(() => {
    const back = () => {
      if (document.visibilityState === 'visible') setAttempt((n) => n + 1);
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const pending = useCallback((): Promise<Estimate | null> | null => {
    if (!asking.current) return null;
    // Another re-ask may start while this one is answered: the last answer counts.
    const settle = async (): Promise<Estimate | null> => {
      while (asking.current) await asking.current;
      return shown.current?.estimate ?? null;
    };
    return settle();
  }, []);
  return { estimate, error, loading, retry, pending };
}
