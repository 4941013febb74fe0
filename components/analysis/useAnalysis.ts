import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { AnalysisState, JobReply } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';
import { isPendingJob } from './JobProgress';

/** While a job runs, also ask every 5 s: it wakes a stopped service worker and catches a missed push. */
export const PENDING_REFRESH_MS = 5000;

type Loaded = { state: AnalysisState | null; error: ReplyError | null };

/**
 * A video's analysis as the background holds it: asked again when `refreshKey` changes and every
 * PENDING_REFRESH_MS while its job runs; an answer to an older question is dropped.
 */
export function useAnalysis(videoId: string, send: Send, refreshKey: number | undefined) {
  const sendRef = useLatest(send);
  const [loaded, setLoaded] = useState<Loaded>({ state: null, error: null });
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const reply = await sendRef.current({ type: 'analysis.get', videoId });
    if (mine !== seq.current) return;
    // A failed re-query keeps what is shown; only a first failure is worth an alert.
    setLoaded((prev) =>
      reply.ok ? { state: reply.data, error: null } : { state: prev.state, error: prev.state ? null : reply.error },
    );
  }, [videoId, sendRef]);

  useEffect(() => {
    setLoaded({ state: null, error: null });
    return () => {
      seq.current++;
    };
  }, [videoId]);

  // `refreshKey` is the re-query trigger.
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const job = loaded.state?.job ?? null;
  const pending = job !== null && isPendingJob(job);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, load]);

  /** Shows a job just started (or found again) at once, over any answer still on its way. */
  const started = (job: JobReply) => {
    seq.current++;
    setLoaded({ state: { job, artifact: null }, error: null });
    if (job.status === 'ready') void load();
  };
  /** Asks the service again about a job polling gave up on: the job, or null when there is nothing new. */
  const recheck = async (): Promise<JobReply | null> => {
    const reply = await sendRef.current({ type: 'analysis.recheck', videoId });
    return reply.ok && reply.data ? reply.data : null;
  };

  return { loaded, job, load, started, recheck };
}
