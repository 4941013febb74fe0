import { useMemo } from 'preact/hooks';
import type { BulkStatus, UploadRow } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import { RunMayHaveCharged } from './RunMayHaveCharged';

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
      <progress aria-label={t('channel.run.label')} max={Math.max(1, run.total)} value={finished} />
      <p aria-live="polite">
        {run.unknown.length > 0
          ? t('channel.run.countsCharged', {
              done: run.done,
              failed: run.failed.length,
              unknown: run.unknown.length,
              left: run.left,
            })
          : t('channel.run.counts', { done: run.done, failed: run.failed.length, left: run.left })}
        {stateText(run) && ` · ${stateText(run)}`}
      </p>
      {run.etaSeconds !== null && <p class="tl-muted">{etaText(run.etaSeconds)}</p>}
      {run.state === 'running' && (
        <button type="button" class="tl-button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
      {run.message && <p role="alert">{run.message}</p>}
      {run.failed.length > 0 && (
        <ul class="tl-failed" aria-label={t('channel.run.failedLabel')}>
          {run.failed.map((f) => (
            <li key={f.id}>
              <span dir="ltr">{f.id}</span>: <span dir="auto">{f.message}</span>
            </li>
          ))}
        </ul>
      )}
      <RunMayHaveCharged unknown={run.unknown} titles={titles} />
    </div>
  );
}

/** Where a cancelled or finished run stands, after its counts; nothing while it runs. */
function stateText(run: BulkStatus): string {
  if (run.state === 'cancelled') return run.inFlight > 0 ? t('channel.run.cancelling') : t('channel.run.cancelled');
  return run.state === 'finished' ? t('channel.run.finished') : '';
}

/** The wait in words: "A few seconds", "About 40 seconds", "About 3 minutes" left at the plan's rate limit. */
export function etaText(seconds: number): string {
  if (seconds < 5) return t('channel.run.etaFew');
  if (seconds < 90) return t('channel.run.etaSeconds', { n: Math.round(seconds) });
  return t('channel.run.etaMinutes', { n: Math.round(seconds / 60) });
}
