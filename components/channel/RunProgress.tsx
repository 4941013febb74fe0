import type { BulkStatus } from '../../utils/channel-views';
import { count, duration } from '../page/format';

/** A run's progress: done / failed / left, the time it still needs at the plan's rate limit, failures listed. */
export function RunProgress({ run, onCancel }: { run: BulkStatus; onCancel: () => void }) {
  const finished = run.done + run.failed.length;
  return (
    <div class="tl-run">
      <progress aria-label="Bulk transcripts" max={Math.max(1, run.total)} value={finished} />
      <p aria-live="polite">
        {count(run.done)} done · {count(run.failed.length)} failed · {count(run.left)} left
        {run.state === 'cancelled' &&
          (run.inFlight > 0
            ? ' · cancelling; the videos already asked for are still arriving'
            : ' · cancelled; what was delivered is kept')}
        {run.state === 'finished' && ' · finished'}
      </p>
      {run.etaSeconds !== null && (
        <p class="tl-muted">{`${capital(duration(run.etaSeconds))} left at your plan’s rate limit.`}</p>
      )}
      {run.state === 'running' && (
        <button type="button" class="tl-button" onClick={onCancel}>
          Cancel
        </button>
      )}
      {run.message && <p role="alert">{run.message}</p>}
      {run.failed.length > 0 && (
        <ul class="tl-failed" aria-label="Failed videos">
          {run.failed.map((f) => (
            <li key={f.id}>
              {f.id}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
