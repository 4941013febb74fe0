import { useCallback, useEffect, useState } from 'preact/hooks';
import { count, duration } from '../../components/page/format';
import type { BulkStatus } from '../../utils/channel-replies';
import type { PageSend } from '../../utils/protocol/send';

const POLL_MS = 1_000;

const ENDED: Record<Exclude<BulkStatus['state'], 'running'>, string> = {
  finished: 'finished',
  cancelled: 'cancelled; what was delivered is kept',
  stopped: 'stopped',
};

function RunLine({ run, onCancel }: { run: BulkStatus; onCancel: () => void }) {
  // Videos whose batch may have been charged without arriving are counted apart: they are neither done nor left.
  const unsure = run.unknown.length > 0 ? ` · ${count(run.unknown.length)} may have been charged` : '';
  const meta = `${count(run.done)} done · ${count(run.failed.length)} failed${unsure} · ${count(run.left)} left`;
  const when = run.state === 'running' ? (run.etaSeconds === null ? '' : ` · ${duration(run.etaSeconds)} to go`) : '';
  return (
    <li class="bulk-run" data-state={run.state}>
      <span class="job-title">{run.title}</span>
      <progress
        aria-label={`Bulk transcripts: ${run.title}`}
        max={Math.max(1, run.total)}
        value={run.done + run.failed.length + run.unknown.length}
      />
      <span class="job-meta">
        {meta}
        {when}
        {run.state !== 'running' &&
          ` · ${run.inFlight > 0 ? 'settling the videos already asked for' : ENDED[run.state]}`}
      </span>
      {run.message && <span class="job-error">{run.message}</span>}
      {run.state === 'running' && (
        <button type="button" class="link" aria-label={`Cancel the download of ${run.title}`} onClick={onCancel}>
          Cancel
        </button>
      )}
    </li>
  );
}

/** Bulk transcript runs going on (and just ended): progress, the time left at the plan's rate, and Cancel. */
export function BulkRuns({ send }: { send: PageSend }) {
  const [runs, setRuns] = useState<BulkStatus[]>([]);

  const load = useCallback(async () => {
    const reply = await send({ type: 'bulkRuns.list' });
    if (reply.ok) setRuns(reply.data);
  }, [send]);

  const running = runs.some((r) => r.state === 'running' || r.inFlight > 0);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  if (runs.length === 0) return null;
  return (
    <section class="bulk-runs" aria-labelledby="bulk-runs-title">
      <h2 id="bulk-runs-title">Transcript downloads</h2>
      <ul class="job-list">
        {runs.map((run) => (
          <RunLine
            key={run.runId}
            run={run}
            onCancel={() => {
              void send({ type: 'bulkRuns.cancel', runId: run.runId }).then(load);
            }}
          />
        ))}
      </ul>
    </section>
  );
}
