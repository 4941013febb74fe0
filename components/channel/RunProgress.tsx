import { useMemo } from 'preact/hooks';
import type { BulkStatus, UploadRow } from '../../utils/channel-replies';
import { count, duration } from '../page/format';
import { MayHaveCharged } from './MayHaveCharged';

type Props = { run: BulkStatus; onCancel: () => void; uploads?: readonly UploadRow[] };

/**
 * A run's progress: done / failed / left, the time it still needs at the plan's rate limit, failures listed,
 * and the videos that may have been charged without arriving (named by title when the listing has them).
 */
export function RunProgress({ run, onCancel, uploads = [] }: Props) {
  const titles = useMemo(() => new Map(uploads.map((u) => [u.id, u.title])), [uploads]);
  const finished = run.done + run.failed.length + run.unknown.length;
  return (
    <div class="tl-run">
      <progress aria-label="Bulk transcripts" max={Math.max(1, run.total)} value={finished} />
      <p aria-live="polite">
        {count(run.done)} done · {count(run.failed.length)} failed
        {run.unknown.length > 0 && ` · ${count(run.unknown.length)} may have been charged`} · {count(run.left)} left
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
      <MayHaveCharged unknown={run.unknown} titles={titles} />
    </div>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
