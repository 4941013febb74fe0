import { useCallback, useEffect, useState } from 'preact/hooks';
import type { BulkStatus } from '../../utils/channel/replies';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';
import { useLatest } from '../hooks/useLatest';

const POLL_MS = 700;

/**
 * The channel's bulk run as the background keeps it: the newest one is picked up when the panel opens (a run
 * goes on while the panel is closed, the worker is restarted or the browser is), then read for free while it
 * runs. Its end is pushed (`bulk.ended`, through `listen`) and read at once; the poll is the fallback (a push
 * lost with a restarted worker, a page that cannot hear pushes). `onEnded` is called once when a run this panel
 * saw running comes to an end: at the push with the run as last read (its id and format), else with the read status.
 */
export function useBulkRun(channel: string, send: Send, onEnded: (run: BulkStatus) => void, listen?: Listen) {
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
  const shown = useLatest(run);
  useEffect(() => {
    if (!runId) return;
    let live = true;
    let told = false;
    const tell = (ended: BulkStatus) => {
      if (told) return;
      told = true;
      latest.current.onEnded(ended);
    };
    const read = async () => {
      const reply = await latest.current.send({ type: 'bulk.status', runId });
      // A restarted worker may not answer once; the next read will. A push and a poll may both see the end.
      if (!live || !reply.ok || reply.data.runId !== runId) return;
      setRun(reply.data);
      if (reply.data.state !== 'running' && reply.data.inFlight === 0) tell(reply.data);
    };
    const timer = setInterval(() => void read(), POLL_MS);
    const unlisten = listen?.((message) => {
      if (message.type !== 'bulk.ended' || message.runId !== runId) return;
      // The worker pushes the end once nothing of the run is in flight: the file is asked for at once, beside
      // the read of the final status, not after it (one round trip less, which a busy worker made long).
      if (shown.current?.runId === runId) tell(shown.current);
      void read();
    });
    return () => {
      live = false;
      clearInterval(timer);
      unlisten?.();
    };
  }, [runId, latest, listen, shown]);

  const follow = useCallback((started: BulkStatus) => setRun(started), []);
  return { run, follow };
}
