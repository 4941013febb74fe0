import type { BulkStatus } from '../../utils/channel-views';
import { count, duration, plural } from '../page/format';

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
      {run.unknown.length > 0 && (
        <div class="tl-unknown">
          <p role="alert">
            {plural(run.unknown.length, 'video')} may have been charged: the service did not answer in a way Transcript
            Lens could read, so {run.unknown.length === 1 ? 'it is' : 'they are'} not asked for again by itself. Trying{' '}
            {run.unknown.length === 1 ? 'it' : 'them'} again costs up to {plural(run.unknown.length, 'Cloud Request')}{' '}
            (Download transcripts prices them first).
          </p>
          <ul aria-label="May have been charged">
            {run.unknown.map((u) => (
              <li key={u.id}>
                {u.id}: {u.message}
              </li>
            ))}
          </ul>
        </div>
      )}
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
