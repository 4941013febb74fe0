import { useCallback, useEffect, useState } from 'preact/hooks';
import type { BulkStatus } from '../../utils/channel-replies';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';

const POLL_MS = 700;

/**
 * The channel's bulk run as the background keeps it: the newest one is picked up when the panel opens (a run
 * goes on while the panel is closed, the worker is restarted or the browser is), then read for free while it
 * runs. `onEnded` is called once when a run this panel saw running comes to an end.
 */
export function useBulkRun(channel: string, send: Send, onEnded: (run: BulkStatus) => void) {
  const [run, setRun] = useState<BulkStatus | null>(null);
  const latest = useLatest({ send, onEnded });

  useEffect(() => {
    let live = true;
    void latest.current.send({ type: 'bulk.current', channel }).then((reply) => {
      if (!live || !reply.ok || !reply.data) return;
      const found = reply.data;
      // A run started here meanwhile wins over the one found.
      setRun((shown) => shown ?? found);
    });
    return () => {
      live = false;
    };
  }, [channel, latest]);

  // Read until it has settled: a cancelled run still records the batch it had sent.
  const runId = run && (run.state === 'running' || run.inFlight > 0) ? run.runId : null;
  useEffect(() => {
    if (!runId) return;
    const timer = setInterval(async () => {
      const reply = await latest.current.send({ type: 'bulk.status', runId });
      // A restarted worker may not answer once; the next read will.
      if (!reply.ok || reply.data.runId !== runId) return;
      setRun(reply.data);
      if (reply.data.state !== 'running' && reply.data.inFlight === 0) latest.current.onEnded(reply.data);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [runId, latest]);

  const follow = useCallback((started: BulkStatus) => setRun(started), []);
  return { run, follow };
}
